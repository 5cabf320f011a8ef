package org.verbs4j.provider.generic.objects;

/** What a verbs object is, in words, from the api interface it implements: "queue pair" for a QueuePair. */
final class ObjectKind {

    private ObjectKind() {
    }

    /**
     * @param type the class of a verbs object
     * @return the words of its first api interface, lower case, for example {@code "protection domain"}
     */
    static String of(Class<?> type) {
        for (Class<?> implemented : type.getInterfaces()) {
            if (implemented.getPackageName().equals("org.verbs4j")) {
                return words(implemented.getSimpleName());
            }
        }
        return words(type.getSimpleName());
    }

    private static String words(String camelCase) {
        return camelCase.replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase(java.util.Locale.ROOT);
    }
}
