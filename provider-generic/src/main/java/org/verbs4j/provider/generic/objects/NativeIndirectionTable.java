package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WorkQueue;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * C {@code struct ibv_rwq_ind_table}, created as the inline {@code ibv_create_rwq_ind_table} does, through
 * {@code verbs_context.create_rwq_ind_table}, and destroyed through {@code destroy_rwq_ind_table}. Its
 * {@code log_ind_tbl_size} follows from the number of work queues, which must be a power of two (checked
 * before any native call). It keeps its work queues busy; an RSS queue pair keeps it busy.
 */
@SuppressWarnings("restricted")
final class NativeIndirectionTable extends NativeResource implements RwqIndirectionTable {

    static final String CREATE = "ibv_create_rwq_ind_table";
    private static final String DESTROY = "ibv_destroy_rwq_ind_table";
    private static final FunctionDescriptor CREATE_TABLE = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor DESTROY_TABLE = FunctionDescriptor.of(JAVA_INT, ADDRESS);

    private final NativeContext context;
    private final MethodHandle destroy;
    private final int number;

    private NativeIndirectionTable(NativeContext context, MemorySegment table, Set<NativeWorkQueue> workQueues,
            MethodHandle destroy) {
        super(table, context, destroyer(destroy, table.address()));
        this.context = context;
        this.destroy = destroy;
        this.number = table.get(JAVA_INT, Abi.offset(context.abi.ibvRwqIndTable, "ind_tbl_num"));
        for (NativeWorkQueue wq : workQueues) {
            dependOn(wq);
        }
    }

    static NativeIndirectionTable create(NativeContext context, List<WorkQueue> workQueues) {
        Args.required(CREATE, workQueues, "the list of work queues");
        for (WorkQueue wq : workQueues) {
            Args.required(CREATE, wq, "a work queue");
        }
        int log = RwqIndirectionTable.logSize(workQueues);
        List<NativeWorkQueue> wqs = new ArrayList<>(workQueues.size());
        for (WorkQueue wq : workQueues) {
            wqs.add(NativeWorkQueue.of(wq, context, CREATE));
        }
        String unsupported = "the driver of " + context.device().name()
                + " offers no indirection tables (create_rwq_ind_table)";
        MemorySegment create = context.op(VerbsContextOp.CREATE_RWQ_IND_TABLE);
        MemorySegment destroyOp = context.op(VerbsContextOp.DESTROY_RWQ_IND_TABLE);
        if (create.equals(MemorySegment.NULL) || destroyOp.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(CREATE, unsupported);
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = initAttr(call, context.abi.ibvRwqIndTableInitAttr, log, wqs);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment table = (MemorySegment) FunctionPointers.withErrno(create, CREATE_TABLE)
                    .invokeExact(errno, context.pointer(), attr);
            Native.checkCreated(table, errno, CREATE, unsupported);
            return new NativeIndirectionTable(context, table.reinterpret(context.abi.ibvRwqIndTable.byteSize()),
                    new LinkedHashSet<>(wqs), FunctionPointers.plain(destroyOp, DESTROY_TABLE));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static MemorySegment initAttr(Arena call, StructLayout l, int log, List<NativeWorkQueue> wqs) {
        MemorySegment pointers = call.allocate(ADDRESS, wqs.size());
        for (int i = 0; i < wqs.size(); i++) {
            pointers.setAtIndex(ADDRESS, i, wqs.get(i).pointer());
        }
        MemorySegment attr = call.allocate(l);
        attr.set(JAVA_INT, Abi.offset(l, "log_ind_tbl_size"), log);
        attr.set(ADDRESS, Abi.offset(l, "ind_tbl"), pointers);
        return attr;
    }

    /**
     * @param object a table given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native table of that context
     */
    static NativeIndirectionTable of(RwqIndirectionTable object, NativeContext context, String verb) {
        return owned(object, NativeIndirectionTable.class, table -> table.context, context, verb,
                "the indirection table");
    }

    @Override
    protected String destroyVerb() {
        return DESTROY;
    }

    @Override
    protected void destroyNative() {
        Native.destroy(destroy, handle, DESTROY);
    }

    @Override
    public int number() {
        return number;
    }
}
