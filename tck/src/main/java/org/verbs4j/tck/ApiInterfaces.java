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
 * The public interfaces of the api package and their public methods, found by reflection over the api's own
 * classes (its jar or class directory), so that an interface or method added later is found without a change
 * here.
 */
final class ApiInterfaces {

    /** Interfaces of the api that no provider implements, with the reason. */
    static final Map<String, String> NOT_PROVIDED = Map.of(
            "org.verbs4j.CConstant", "implemented by the api's own enums",
            "org.verbs4j.DeviceCatalog", "implemented by the spi module, not by a provider");

    private ApiInterfaces() {
    }

    /** @return the public interfaces of package {@code org.verbs4j} that providers implement */
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
                return namesUnder(root.resolve("org/verbs4j")).stream();
            }
            try (FileSystem jar = FileSystems.newFileSystem(root)) {
                return namesUnder(jar.getPath("org/verbs4j")).stream();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the api's classes in " + root, e);
        }
    }

    private static List<String> namesUnder(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".class"))
                    .filter(name -> !name.contains("$") && !name.equals("package-info.class")
                            && !name.equals("module-info.class"))
                    .map(name -> "org.verbs4j." + name.substring(0, name.length() - ".class".length()))
                    .toList();
        }
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
