package org.verbs4j.buildchecks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The directives of a {@code module-info.java}, read as text: comments are removed, and simple
 * type names are resolved through the single-type imports of the file.
 */
final class ModuleInfoSource {

    private static final Pattern COMMENT =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern IMPORT = Pattern.compile("\\bimport\\s+([\\w.]+)\\s*;");
    private static final Pattern PROVIDES =
            Pattern.compile("provides\\s+([\\w.]+)\\s+with\\s+(.+)");
    private static final Pattern UNQUALIFIED_EXPORTS = Pattern.compile("exports\\s+([\\w.]+)");

    private final Map<String, String> imports;
    private final List<String> directives;

    private ModuleInfoSource(String code) {
        this.imports = IMPORT.matcher(code).results().map(match -> match.group(1))
                .collect(Collectors.toMap(ModuleInfoSource::simpleName, name -> name));
        this.directives = directivesOf(code);
    }

    static ModuleInfoSource read(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ModuleInfoSource parse(String source) {
        return new ModuleInfoSource(COMMENT.matcher(source).replaceAll(" "));
    }

    /** The implementations named by {@code provides service with ...}, fully qualified. */
    List<String> providers(String service) {
        return directives.stream().map(PROVIDES::matcher).filter(Matcher::matches)
                .filter(match -> resolve(match.group(1)).equals(service))
                .flatMap(match -> Arrays.stream(match.group(2).split(",")))
                .map(String::trim).map(this::resolve).toList();
    }

    /** The packages exported to every module, that is without a {@code to} clause. */
    List<String> unqualifiedExports() {
        return directives.stream().map(UNQUALIFIED_EXPORTS::matcher).filter(Matcher::matches)
                .map(match -> match.group(1)).toList();
    }

    private String resolve(String name) {
        return imports.getOrDefault(name, name);
    }

    /** The statements between the module's braces, each on one line without its semicolon. */
    private static List<String> directivesOf(String code) {
        String body = code.substring(code.indexOf('{') + 1, code.lastIndexOf('}'));
        return Stream.of(body.split(";"))
                .map(directive -> directive.strip().replaceAll("\\s+", " "))
                .filter(directive -> !directive.isEmpty()).toList();
    }

    private static String simpleName(String qualifiedName) {
        return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    }
}
