package org.verbs4j.provider.soft;

import org.verbs4j.Context;
import org.verbs4j.Device;

/**
 * {@link SoftSettingsTest}'s JVM: opens soft0 of the provider, as the settings of its command line and environment
 * made it, and prints its GID 1 and the UDP port its first context bound ("-" for a device inside the JVM).
 */
final class SettingsPeer {

    private SettingsPeer() {
    }

    public static void main(String[] args) {
        Device device = new SoftProvider().devices().get(0);
        try (Context context = device.open()) {
            SoftDevice soft = (SoftDevice) device;
            String port = soft.networkPort() == null ? "-"
                    : String.valueOf(soft.networkPort().endpoint().localAddress().getPort());
            System.out.println(context.queryGid(1, 1) + " " + port);
        }
    }
}
