package org.verbs4j.provider.soft.engine;

/**
 * A protection domain as the engine sees it: an identity that memory regions, windows and queue pairs
 * share or not. Implemented by the soft protection domain alone.
 */
public interface ProtectionDomainView {
}
