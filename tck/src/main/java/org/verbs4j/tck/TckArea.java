package org.verbs4j.tck;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the area of the kit a verification class belongs to; the summary counts the results of
 * each area separately.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TckArea {

    /** @return the area's name, as the summary prints it, for example {@code "extended CQ and poll iterator"} */
    String value();
}
