package org.verbs4j.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.verbs4j.VerbsObject;

/**
 * The public interfaces of the api's packages ({@code org.verbs4j} and its subpackages, such as
 * {@code org.verbs4j.cm}) and their public methods, found by reflection over the api's own classes (its jar or
 * class directory), so that an interface, method or package added later is found without a change here.
 */
final class ApiInterfaces {

    /** Interfaces of the api that no provider implements, with the reason. */
    static final Map<String, String> NOT_PROVIDED = Map.of(
            "org.verbs4j.CConstant", "implemented by the api's own enums",
            "org.verbs4j.DeviceCatalog", "implemented by the spi module, not by a provider");

    private static final String API_ROOT = "org/verbs4j";

    private ApiInterfaces() {
    }

    /** @return the public interfaces of package {@code org.verbs4j} and its subpackages that providers implement */
    static List<Class<?>> provided() {
        return classNames().map(ApiInterfaces::load).filter(Class::isInterface)
                .filter(type -> Modifier.isPublic(type.getModifiers()))
                .filter(type -> !NOT_PROVIDED.containsKey(type.getName()))
                .sorted(Comparator.comparing(Class::getName)).toList();
    }

    /** @return the public instance methods {@code type} declares itself, in a stable order */
    static List<Method> methods(Class<?> type) {
        return Stream.of(type.getDeclaredMethods()).filter(method -> Modifier.isPublic(method.getModifiers()))
                .filter(method -> !Modifier.isStatic(method.getModifiers())).filter(method -> !method.isSynthetic())
                .sorted(Comparator.comparing(Method::toGenericString)).toList();
    }

    private static Stream<String> classNames() {
        Path root = codeSource();
        try {
            if (Files.isDirectory(root)) {
                return namesUnder(root, root.resolve(API_ROOT)).stream();
            }
            try (FileSystem jar = FileSystems.newFileSystem(root)) {
                return namesUnder(jar.getPath("/"), jar.getPath("/" + API_ROOT)).stream();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the api's classes in " + root, e);
        }
    }

    /** @return the names of the top-level classes in {@code directory} and below, relative to {@code root} */
    private static List<String> namesUnder(Path root, Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> isTopLevelClass(file.getFileName().toString()))
                    .map(file -> className(root.relativize(file))).toList();
        }
    }

    private static boolean isTopLevelClass(String fileName) {
        return fileName.endsWith(".class") && !fileName.contains("$") && !fileName.equals("package-info.class")
                && !fileName.equals("module-info.class");
    }

    private static String className(Path relative) {
        String name = relative.toString().replace(relative.getFileSystem().getSeparator(), ".");
        return name.substring(0, name.length() - ".class".length());
    }

    private static Path codeSource() {
        try {
            return Path.of(VerbsObject.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the api's location is not a path", e);
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, VerbsObject.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("an api class listed but not loadable: " + name, e);
        }
    }
}
