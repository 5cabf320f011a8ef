/**
 * Soft devices a program builds for itself ({@link org.verbs4j.provider.soft.setup.SoftDevices}), apart from the
 * soft provider's, which {@link java.util.ServiceLoader} finds and the settings {@code verbs4j.soft.*} (system
 * properties, else the environment variables {@code VERBS4J_SOFT_*}) configure: mainly for tests that put soft
 * devices on addresses of their choosing and release them when done. The only package the module exports.
 */
package org.verbs4j.provider.soft.setup;
