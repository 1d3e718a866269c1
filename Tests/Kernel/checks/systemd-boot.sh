# Issue 14, check 1: the service as the boot left it (this check runs first, before any other
# touched it). Enabled by the install; active (running), which Type=notify reaches only on
# READY=1; as the dynamic user nixie-clock, not root, with no capabilities and the device
# groups and nixie as its only supplementary groups; `systemd-analyze security` in the VM
# scores it 1.0 or less. systemd-boot.host.sh reads the tubes from the trace since boot.
kt_expect "nixie-clock after the install" enabled "$(systemctl is-enabled "$KT_UNIT")"
kt_sd_running || kt_fail "nixie-clock is not active (running) after the boot: $(kt_sd_state)"
kt_expect "the service's type" notify "$(kt_sd_prop Type)"
kt_expect "restarts since the boot" 0 "$(kt_sd_prop NRestarts)"
start_us=$(kt_sd_prop ExecMainStartTimestampMonotonic)
ready_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)
((ready_us >= start_us && start_us > 0)) || kt_fail "started at ${start_us} µs, active at ${ready_us} µs"
echo "READY=1 $(((ready_us - start_us) / 1000)) ms after the process started"
kt_sd_mark started "at_us=$start_us"
kt_sd_mark ready "at_us=$ready_us"

pid=$(kt_sd_prop MainPID)
kt_sd_expect_dynamic_user "$pid" nixie-clock "gpio i2c nixie spi"
kt_expect "effective capabilities" 0000000000000000 "$(awk '$1 == "CapEff:" { print $2 }' "/proc/$pid/status")"
kt_expect "the header chip's group and mode (udev rules)" "gpio 660" "$(stat -c '%G %a' "$KT_GPIO_CHIP")"

kt_sd_exposure "$KT_UNIT" 1.0

kt_sd_mark end
kt_sd_trace
