package org.verbs4j.tck.broken;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.TmInfo;
import org.verbs4j.tck.Completion;

/**
 * Polls the real queue into copies and hands them out with every pair swapped: a completion is held
 * back until the next one arrives (or 50 ms pass), and then handed out after it. Or, as a duplicator,
 * in order but with the very first completion handed out twice.
 */
final class SwappingPoller implements InvocationHandler {

    private static final long HOLD_NANOS = 50_000_000;

    private final CompletionQueue real;
    private final Decorations decorations;
    private final boolean duplicateFirst;
    private final Deque<Completion> ready = new ArrayDeque<>();
    private boolean duplicated;
    private Completion held;
    private long heldSince;
    private Completion current;

    SwappingPoller(CompletionQueue real, Decorations decorations) {
        this(real, decorations, false);
    }

    SwappingPoller(CompletionQueue real, Decorations decorations, boolean duplicateFirst) {
        this.real = real;
        this.decorations = decorations;
        this.duplicateFirst = duplicateFirst;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        return switch (method.getName()) {
            case "startPoll", "nextPoll" -> advance();
            case "endPoll" -> {
                current = null;
                yield null;
            }
            case "wrId" -> current().wrId();
            case "status" -> current().status();
            case "readOpcode" -> current().opcode();
            case "readByteLen" -> current().byteLen();
            case "readImmData" -> current().immData();
            case "readWcFlags" -> current().wcFlags();
            case "readQpNum" -> current().qpNum();
            case "readSrcQp" -> current().srcQp();
            case "readTmInfo" -> {
                TmInfo info = current().tmInfo();
                ((TmInfo) args[0]).set(info.tag(), info.priv());
                yield null;
            }
            default -> decorations.forward(real, method, args);
        };
    }

    private boolean advance() {
        fill();
        current = ready.poll();
        return current != null;
    }

    private Completion current() {
        if (current == null) {
            throw new InvalidArgumentException("ibv_wc_read", "no current completion");
        }
        return current;
    }

    private void fill() {
        if (real.startPoll()) {
            do {
                arrive(Completion.current(real));
            } while (real.nextPoll());
            real.endPoll();
        }
        if (held != null && System.nanoTime() - heldSince > HOLD_NANOS) {
            ready.add(held);
            held = null;
        }
    }

    private void arrive(Completion completion) {
        if (duplicateFirst) {
            ready.add(completion);
            if (!duplicated) {
                ready.add(completion);
                duplicated = true;
            }
            return;
        }
        if (held == null) {
            held = completion;
            heldSince = System.nanoTime();
        } else {
            ready.add(completion);
            ready.add(held);
            held = null;
        }
    }
}
