package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import org.verbs4j.Context;

/**
 * Where a vendor's direct verbs take the place of libibverbs: the five points at which the generic objects
 * would call libibverbs to open a device, learn what it offers, create a completion queue or a queue pair,
 * and register memory. Each default method is the generic path, so a vendor overrides only what its library changes.
 * Everything else (posting, polling, modifying, destroying) stays the generic code's, on the objects the
 * hooks return, and a vendor view reached through {@code unwrap} adds the vendor's own verbs.
 *
 * <p>The hooks run at open and creation only, never on the data path, and may allocate. A hook that fails
 * throws a {@link org.verbs4j.VerbsException} naming its C verb and errno, and leaves nothing created. An
 * object a hook returns is owned by the generic object from then on: it is destroyed with the standard
 * {@code ibv_close_device}, {@code ibv_destroy_cq}, {@code ibv_destroy_qp} or {@code ibv_dereg_mr}, as the
 * vendors' libraries require. The generic code checks what a hook returns as it checks libibverbs: a completion queue without
 * the poll iterator, or without a reader of a requested field, is destroyed and refused.
 *
 * <p>Implementations are stateless or thread-safe: one instance serves every device of its provider.
 */
public interface DirectVerbs {

    /** The generic path everywhere: libibverbs alone. */
    DirectVerbs GENERIC = new DirectVerbs() {
        @Override
        public String toString() {
            return "libibverbs";
        }
    };

    /**
     * Opens a device, as {@code ibv_open_device} (the default) or a vendor's own opener (which may, for
     * example, ask the kernel for more than libibverbs does) does.
     *
     * @param opening the device and a call arena
     * @return the {@code struct ibv_context *}, never NULL
     */
    default MemorySegment openDevice(DeviceOpening opening) {
        return opening.generic();
    }

    /**
     * Queries what the vendor adds to an open device, once, after the generic {@code ibv_query_device_ex}.
     *
     * @param context the context being opened (its generic attributes are already known)
     * @param pointer its {@code struct ibv_context *}
     * @return the capabilities the vendor adds (for example the extra completion fields it can read), those it
     *     withdraws (what its library refuses on the device), and its view of the device, returned by
     *     {@code context.unwrap}; {@link VendorDevice#NONE} by default
     */
    default VendorDevice queryDevice(Context context, MemorySegment pointer) {
        return VendorDevice.NONE;
    }

    /**
     * Creates a completion queue, as {@code ibv_create_cq_ex} (the default) or a vendor's creator does, from
     * the filled {@code struct ibv_cq_init_attr_ex} (which a vendor's creator takes with a struct of its own).
     *
     * @param creation the context, the filled attributes, the api attributes and a call arena
     * @return the {@code struct ibv_cq_ex *}, the readers of the extra fields requested, and a view
     */
    default CreatedCq createCq(CqCreation creation) {
        return creation.generic();
    }

    /**
     * Creates a queue pair, as {@code ibv_create_qp_ex} (the default) or a vendor's creator does, from the
     * filled {@code struct ibv_qp_init_attr_ex} (which a vendor's creator takes with a struct of its own).
     *
     * @param creation the context, the filled attributes, the api attributes and a call arena
     * @return the {@code struct ibv_qp *} and a view
     */
    default CreatedQp createQp(QpCreation creation) {
        return creation.generic();
    }

    /**
     * Registers memory, as {@code ibv_reg_mr} (the default, for process memory) or a vendor's registration
     * does (which may register what libibverbs cannot, such as a dmabuf with the vendor's own access flags;
     * such a registration reaches the hook through {@link VendorRegistrar}, with a generic path that refuses).
     *
     * @param registration the protection domain, the region, the access bits and a call arena
     * @return the {@code struct ibv_mr *} and a view
     */
    default CreatedMr registerMr(MrRegistration registration) {
        return registration.generic();
    }
}
