package org.verbs4j.buildchecks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * One {@code pom.xml}, read with the JDK's DOM parser. It answers from the file alone: the
 * coordinates a module inherits come from its {@code <parent>} element, and the only property it
 * interpolates is {@code ${project.version}}.
 */
final class Pom {

    private static final String PROJECT_VERSION = "${project.version}";

    private final Path directory;
    private final Element project;

    private Pom(Path directory, Element project) {
        this.directory = directory;
        this.project = project;
    }

    /** Reads {@code directory/pom.xml}. */
    static Pom read(Path directory) {
        Path file = directory.resolve("pom.xml");
        try {
            return new Pom(directory, newDocumentBuilderFactory().newDocumentBuilder()
                    .parse(file.toFile()).getDocumentElement());
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    private static DocumentBuilderFactory newDocumentBuilderFactory()
            throws ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory;
    }

    Path directory() {
        return directory;
    }

    String groupId() {
        return text(project, "groupId").or(() -> text(project, "parent", "groupId"))
                .orElseThrow(() -> missing("groupId"));
    }

    String artifactId() {
        return text(project, "artifactId").orElseThrow(() -> missing("artifactId"));
    }

    String version() {
        return text(project, "version").or(() -> text(project, "parent", "version"))
                .orElseThrow(() -> missing("version"));
    }

    String coordinates() {
        return groupId() + ":" + artifactId();
    }

    boolean hasParent() {
        return child(project, "parent").isPresent();
    }

    /** Whether the module is deployed: it builds an artifact and does not skip deployment. */
    boolean isPublished() {
        return !text(project, "packaging").orElse("jar").equals("pom")
                && !text(project, "properties", "maven.deploy.skip").orElse("false").equals("true");
    }

    List<String> modules() {
        return children(project, "modules", "module").map(Node::getTextContent).map(String::trim)
                .toList();
    }

    /** The entries of {@code <dependencyManagement>}, with {@code ${project.version}} resolved. */
    List<Dependency> managedDependencies() {
        return children(project, "dependencyManagement", "dependencies", "dependency")
                .map(this::dependency).toList();
    }

    /** Every {@code <dependency>} element of the file, wherever it appears. */
    List<Dependency> allDependencies() {
        return elementsNamed("dependency").map(this::dependency).toList();
    }

    /** How many elements of this name the file has, at any depth. */
    long countElements(String name) {
        return elementsNamed(name).count();
    }

    @Override
    public String toString() {
        return artifactId();
    }

    private Dependency dependency(Element element) {
        return new Dependency(text(element, "groupId").orElse(""),
                text(element, "artifactId").orElse(""),
                text(element, "version").map(this::interpolate).orElse(""));
    }

    private String interpolate(String value) {
        return value.replace(PROJECT_VERSION, version());
    }

    private Stream<Element> elementsNamed(String name) {
        NodeList nodes = project.getElementsByTagNameNS("*", name);
        return IntStream.range(0, nodes.getLength()).mapToObj(i -> (Element) nodes.item(i));
    }

    private IllegalStateException missing(String element) {
        return new IllegalStateException(
                directory.resolve("pom.xml") + " has no <" + element + ">");
    }

    private static Optional<String> text(Element from, String... path) {
        return child(from, path).map(Node::getTextContent).map(String::trim);
    }

    private static Optional<Element> child(Element from, String... path) {
        Optional<Element> current = Optional.of(from);
        for (String name : path) {
            current = current.flatMap(element -> childrenNamed(element, name).findFirst());
        }
        return current;
    }

    /** The elements named by the last step of {@code path}, under the first match of the others. */
    private static Stream<Element> children(Element from, String... path) {
        String last = path[path.length - 1];
        return child(from, List.of(path).subList(0, path.length - 1).toArray(String[]::new))
                .stream().flatMap(parent -> childrenNamed(parent, last));
    }

    private static Stream<Element> childrenNamed(Element parent, String name) {
        List<Element> result = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && name.equals(element.getLocalName())) {
                result.add(element);
            }
        }
        return result.stream();
    }

    /** A {@code <dependency>} element's coordinates; absent elements read as empty strings. */
    record Dependency(String groupId, String artifactId, String version) {

        String coordinates() {
            return groupId + ":" + artifactId;
        }

        @Override
        public String toString() {
            return coordinates() + ":" + version;
        }
    }
}
