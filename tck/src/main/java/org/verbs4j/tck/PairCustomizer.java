package org.verbs4j.tck;

import org.verbs4j.QpInitAttributes;

/** Changes the attributes of one end of a pair of queue pairs before it is created. */
@FunctionalInterface
public interface PairCustomizer {

    /**
     * @param side the end being created; objects the customizer adds (a CQ, an SRQ) must belong to its context
     * @param builder its attributes, with the kit's defaults and the end's own PD and CQ
     * @return the attributes to create it with
     */
    QpInitAttributes.Builder customize(Side side, QpInitAttributes.Builder builder);
}
