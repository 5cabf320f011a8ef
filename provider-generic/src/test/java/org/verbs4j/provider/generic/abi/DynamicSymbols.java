package org.verbs4j.provider.generic.abi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** The defined dynamic symbols of a shared library, as {@code readelf --dyn-syms} (binutils) lists them. */
public final class DynamicSymbols {

    private DynamicSymbols() {
    }

    /**
     * @param library a shared library
     * @return {@code name@@version} (the default version), {@code name@version} (an older one) or a bare name,
     *         for every defined symbol
     */
    public static Set<String> defined(Path library) throws IOException, InterruptedException {
        Path out = Files.createTempFile("readelf", ".txt");
        try {
            Process process = new ProcessBuilder("readelf", "--dyn-syms", "-W", library.toString())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("readelf " + library + ": " + Files.readString(out));
            }
            Set<String> defined = new TreeSet<>();
            for (String line : Files.readAllLines(out)) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length >= 8 && fields[0].endsWith(":") && !fields[6].equals("UND")
                        && !fields[3].equals("SECTION")) {
                    defined.add(fields[7]);
                }
            }
            return defined;
        } finally {
            Files.delete(out);
        }
    }

    /** @return the name of {@code name@@version} or {@code name@version} */
    public static String name(String symbol) {
        int at = symbol.indexOf('@');
        return at < 0 ? symbol : symbol.substring(0, at);
    }
}
