package org.verbs4j.tools;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.SelectionReport;

/** A catalog with fixed devices and a fixed report. */
record FakeCatalog(List<Device> devices, SelectionReport report) implements DeviceCatalog {
}
