package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The seed-coverage table of the package documentation: every row names a C item and an existing
 * Java member.
 */
class SeedCoverageTableTest {

    private static final Path PACKAGE_INFO = Path.of("src/main/java/org/verbs4j/package-info.java");
    private static final Pattern ROW = Pattern.compile("<tr><td>\\{@code (.+?)}</td><td>(.*?)</td>");
    private static final Pattern LINK = Pattern.compile("\\{@link (\\w+)#(\\w+)}");

    @Test
    void everyRowNamesAnExistingJavaMember() throws IOException {
        List<String[]> rows = rows();
        assertThat(rows).as("rows of the seed-coverage table").hasSizeGreaterThan(150);
        for (String[] row : rows) {
            Matcher link = LINK.matcher(row[1]);
            assertThat(link.matches()).as("Java cell of %s: %s", row[0], row[1]).isTrue();
            assertThat(memberExists(link.group(1), link.group(2)))
                    .as("%s -> %s#%s exists", row[0], link.group(1), link.group(2)).isTrue();
        }
    }

    @Test
    void coversEverySeedPage() throws IOException {
        String text = Files.readString(PACKAGE_INFO);
        assertThat(text).contains("ibv_create_cq_ex(3)", "efadv_create_cq(3)", "ibv_get_cq_event(3)",
                "ibv_create_qp_ex(3)", "ibv_post_srq_ops(3)");
    }

    @Test
    void aMissingMemberIsDetected() {
        assertThat(memberExists("CompletionQueue", "readNoSuchField")).isFalse();
        assertThat(memberExists("NoSuchType", "cqe")).isFalse();
    }

    private static List<String[]> rows() throws IOException {
        return Files.readAllLines(PACKAGE_INFO).stream().map(ROW::matcher).filter(Matcher::find)
                .map(match -> new String[] {match.group(1), match.group(2)}).toList();
    }

    private static boolean memberExists(String type, String member) {
        try {
            Class<?> owner = Class.forName("org.verbs4j." + type);
            return Arrays.stream(owner.getMethods()).anyMatch(method -> method.getName().equals(member))
                    || Arrays.stream(owner.getFields()).anyMatch(field -> field.getName().equals(member));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
