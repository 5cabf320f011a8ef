package org.verbs4j.spi;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.verbs4j.InvalidArgumentException;

/** Checks provider ids: their syntax, and that no two providers share one. */
final class ProviderIds {

    private static final String OPERATION = "provider discovery";
    private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private ProviderIds() {
    }

    /**
     * @param providers the loaded providers
     * @throws InvalidArgumentException if an id is not lower case letters, digits and {@code '-'}
     *     (starting with a letter or digit), or if two providers have the same id
     */
    static void check(List<LoadedProvider> providers) {
        providers.forEach(ProviderIds::checkSyntax);
        checkUnique(providers);
    }

    private static void checkSyntax(LoadedProvider provider) {
        if (!VALID.matcher(provider.id()).matches()) {
            throw new InvalidArgumentException(OPERATION, "provider id '" + provider.id() + "' of " + provider.type()
                    + " is not valid: use lower case letters, digits and '-'");
        }
    }

    private static void checkUnique(List<LoadedProvider> providers) {
        Map<String, LoadedProvider> seen = new HashMap<>();
        for (LoadedProvider provider : providers) {
            LoadedProvider first = seen.putIfAbsent(provider.id(), provider);
            if (first != null) {
                throw duplicate(first, provider);
            }
        }
    }

    private static InvalidArgumentException duplicate(LoadedProvider first, LoadedProvider second) {
        return new InvalidArgumentException(OPERATION, "two providers have the id '" + first.id() + "': "
                + first.type() + " and " + second.type() + "; remove one of them from the class path or module path");
    }
}
