package org.verbs4j.tck;

/** Finds the {@link TckArea} of a test class: on the class, a superclass or an enclosing class. */
final class Areas {

    /** The area of a class outside every area. */
    static final String UNKNOWN = "(no area)";

    private Areas() {
    }

    static String of(Class<?> testClass) {
        for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
            TckArea area = type.getAnnotation(TckArea.class);
            if (area != null) {
                return area.value();
            }
        }
        return UNKNOWN;
    }
}
