package org.verbs4j;

/**
 * An address handle (C {@code struct ibv_ah}): the path to a remote port, used by UD sends
 * ({@link SendOps#setUdAddr}). Closing it is C {@code ibv_destroy_ah}.
 */
public interface AddressHandle extends VerbsObject {

    /** @return the protection domain of the handle */
    ProtectionDomain protectionDomain();

    /** @return the attributes the handle was created with */
    AhAttributes attributes();
}
