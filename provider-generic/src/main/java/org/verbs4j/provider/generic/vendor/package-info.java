/**
 * The vendor seam of the generic provider: what a vendor provider (EFA, mlx5) builds on, and all it may use
 * besides the raw floor.
 *
 * <h2>How a vendor plugs in</h2>
 * A vendor provider extends {@link org.verbs4j.provider.generic.vendor.VendorProvider} with its id, a
 * {@link org.verbs4j.provider.generic.vendor.VendorProbe} (its library's soname, and how it recognises its
 * devices: a PCI vendor id or the library's own test of the {@code struct ibv_device *}) and its
 * {@link org.verbs4j.provider.generic.vendor.DirectVerbs}. Its devices then open as generic contexts whose
 * device opening, vendor query, CQ creation and QP creation go through those hooks; every other verb is the
 * generic one. A hook gets the C pointers and the filled {@code ibv_*_init_attr_ex} it passes on to its
 * library, and returns the created object with, for a CQ, the readers of the extra completion fields, and for
 * each object a view that {@code unwrap} returns. Vendor verbs on other objects take their pointers through
 * {@link org.verbs4j.provider.generic.vendor.NativeHandle}.
 *
 * <h2>Rules</h2>
 * This package depends on the raw floor, the api and the spi, never on the verbs objects: the objects call
 * it, and the one way back, opening a context, goes through {@link java.util.ServiceLoader}
 * ({@link org.verbs4j.provider.generic.vendor.ContextOpener}). No vendor's name or library appears in the
 * generic provider; the vendor modules depend only on the api, the spi and the raw and vendor packages
 * (checked by the build's architecture rules). The package is exported only to those modules.
 */
package org.verbs4j.provider.generic.vendor;
