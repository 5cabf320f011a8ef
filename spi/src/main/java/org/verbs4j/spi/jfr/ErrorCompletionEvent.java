package org.verbs4j.spi.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A poll read a work completion whose status is not IBV_WC_SUCCESS. */
@Name("org.verbs4j.ErrorCompletion")
@Label("Error Completion")
@Category({"Verbs4J", "Failures"})
@Description("A poll read a work completion with an error status (ibv_start_poll or ibv_next_poll)")
final class ErrorCompletionEvent extends jdk.jfr.Event {

    @Label("Device")
    String device;

    @Label("Status")
    @Description("The C status, for example IBV_WC_LOC_PROT_ERR")
    String status;

    @Label("Vendor Error")
    @Description("The vendor error syndrome (ibv_wc_read_vendor_err)")
    int vendorErr;

    @Label("QP Number")
    @Description("The local queue pair's number, or -1 if the queue cannot report it")
    int qpNum;

    @Label("Work Request ID")
    long wrId;
}
