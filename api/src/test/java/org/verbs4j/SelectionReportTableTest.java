package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SelectionReportTableTest {

    @Test
    void printsOneAlignedRowPerProvider() {
        SelectionReport report = new SelectionReport(List.of(
                new ProviderStatus("soft", true, "", true, "chosen for soft0, soft1", List.of("soft0", "soft1")),
                new ProviderStatus("generic", false, "ibv_get_device_list failed: Function not implemented (ENOSYS)",
                        false, "not chosen: unavailable", List.of()),
                new ProviderStatus("mlx5", false, "not probed: not named in verbs4j.providers", false,
                        "not chosen: not named in verbs4j.providers", List.of()),
                new ProviderStatus("efa", true, "", false, "not chosen for rxe0: served by generic", List.of())),
                "verbs4j.providers=soft");

        assertThat(report.toString()).isEqualTo(String.join(System.lineSeparator(),
                "Provider selection: verbs4j.providers=soft",
                "PROVIDER  STATE        DEVICES      WHY",
                "soft      chosen       soft0,soft1  chosen for soft0, soft1",
                "generic   unavailable  -            ibv_get_device_list failed: Function not implemented (ENOSYS)",
                "mlx5      not probed   -            not probed: not named in verbs4j.providers",
                "efa       not chosen   -            not chosen for rxe0: served by generic",
                ""));
    }

    @Test
    void saysWhenNoProviderWasFound() {
        assertThat(new SelectionReport(List.of(), "default order").toString()).isEqualTo(String.join(
                System.lineSeparator(), "Provider selection: default order", "PROVIDER  STATE  DEVICES  WHY",
                "(no provider found)", ""));
    }
}
