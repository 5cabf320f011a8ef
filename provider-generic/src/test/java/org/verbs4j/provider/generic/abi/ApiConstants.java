package org.verbs4j.provider.generic.abi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.verbs4j.CConstant;
import org.verbs4j.provider.generic.raw.BindingConstant;

/** Every constant of every {@link CConstant} enum of the api, found by listing the api's classes. */
final class ApiConstants {

    private ApiConstants() {
    }

    /** @return {@link #all()} and every {@link BindingConstant} */
    static List<CConstant> withBinding() {
        List<CConstant> constants = new ArrayList<>(all());
        constants.addAll(List.of(BindingConstant.values()));
        return constants;
    }

    static List<CConstant> all() {
        List<CConstant> constants = new ArrayList<>();
        for (String name : classNames()) {
            Class<?> type = load(name);
            if (type.isEnum() && CConstant.class.isAssignableFrom(type)) {
                for (Object constant : type.getEnumConstants()) {
                    constants.add((CConstant) constant);
                }
            }
        }
        if (constants.size() < 100) {
            throw new IllegalStateException("found only " + constants.size() + " api constants");
        }
        return constants;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, CConstant.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> classNames() {
        try {
            Path location = Path.of(CConstant.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                return list(location);
            }
            try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + location.toUri()), Map.of())) {
                return list(jar.getPath("/"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> list(Path root) throws IOException {
        List<String> names = new ArrayList<>(list(root, "org/verbs4j"));
        names.addAll(list(root, "org/verbs4j/cm"));
        return names;
    }

    /** @return the top-level classes of one package of the api, with the connection manager's */
    private static List<String> list(Path root, String directory) throws IOException {
        Path base = root.resolve(directory);
        String prefix = directory.replace('/', '.') + ".";
        try (Stream<Path> files = Files.list(base)) {
            return files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".class"))
                    .filter(name -> !name.contains("$")).map(name -> prefix + name.replace(".class", ""))
                    .sorted().toList();
        }
    }
}
