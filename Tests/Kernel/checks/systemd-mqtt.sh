# Issue 25: nixie-mqtt.service beside the clock and a broker (Debian's mosquitto, as its own
# service on localhost:1883). As installed it is disabled, and started it stays inactive
# (ExecCondition: mqtt.yaml names no broker). With `broker: 127.0.0.1` it runs as a dynamic
# user in group nixie with no capabilities, publishes Home Assistant's discovery configs
# (retained) and `online`; a brightness command published on the broker reaches the clock
# (its state) and the tubes (systemd-mqtt.host.sh: BL's PWM on the wire, lit about 30 % of
# the time after it, all the time before). `systemd-analyze security` in the VM scores it 1.5
# or less. Stopped, it says `offline`, and the clock does not notice.
KT_MQTT_UNIT=nixie-mqtt.service
KT_MQTT_CONFIG=/etc/nixie/mqtt.yaml

mqtt_prop() { kt_sd_prop "$1" "$KT_MQTT_UNIT"; }
mqtt_running() { kt_sd_running "$KT_MQTT_UNIT"; }
mqtt_state() { systemctl show -p ActiveState -p SubState -p Result -p MainPID "$KT_MQTT_UNIT" | paste -sd' '; }
# mqtt_retained TOPIC: the retained messages under TOPIC, "TOPIC PAYLOAD" a line (mosquitto_sub
# ends at its timeout, exit 27).
mqtt_retained() { mosquitto_sub -h 127.0.0.1 -t "$1" -v --retained-only -W 2 || true; }
mqtt_online() { [[ $(mqtt_retained nixie/vm/availability) == "nixie/vm/availability online" ]]; }
# mqtt_skipped: the start was skipped by ExecCondition. Read from the journal: a disabled unit
# nothing refers to is unloaded as soon as it is inactive, and loaded again it says
# Result=success (the VM's first run saw exactly that, after "Skipped due to 'exec-condition'").
mqtt_skipped() {
  local journal
  [[ $(mqtt_prop ActiveState) == inactive ]] || return 1
  journal=$(journalctl -u "$KT_MQTT_UNIT" --no-pager -q -o cat --after-cursor="$(cat journal.cursor)") || return 1
  grep -qF "Skipped due to 'exec-condition'" <<<"$journal"
}
brightness() { kt_sd_state_of 's["settings"]["brightness"]'; }

kt_sd_begin
systemctl is-active --quiet mosquitto || systemctl start mosquitto || kt_fail "the broker (mosquitto) does not start"
kt_sd_wait "$KT_SD_START" "mosquitto listening on 1883" eval 'mosquitto_pub -h 127.0.0.1 -t kt/ping -m 1 2>/dev/null'
cp "$KT_MQTT_CONFIG" mqtt.yaml.installed
clock_pid=$(kt_sd_prop MainPID)

# 1. As installed: disabled; started, inactive at once (no broker named).
kt_expect "nixie-mqtt after the install" disabled "$(systemctl is-enabled "$KT_MQTT_UNIT")"
systemctl start "$KT_MQTT_UNIT" || true
kt_sd_wait "$KT_SD_START" "the start without a broker skipped" mqtt_skipped
systemctl status --no-pager "$KT_MQTT_UNIT" >status.txt 2>&1 || true
grep -qF "no MQTT broker named: set 'broker:' in /etc/nixie/mqtt.yaml" status.txt ||
  { cat status.txt; kt_fail "systemctl status nixie-mqtt does not say why it did not start"; }
systemctl reset-failed "$KT_MQTT_UNIT" 2>/dev/null || true  # unloaded when inactive: nothing to reset

# 2. A broker named: enabled and started, running after READY=1, as a dynamic user in group
# nixie only, with no capabilities.
printf 'broker: 127.0.0.1\nnode-id: vm\n' >"$KT_MQTT_CONFIG"
systemctl enable --now "$KT_MQTT_UNIT" || kt_fail "systemctl enable --now nixie-mqtt failed: $(mqtt_state)"
kt_sd_wait "$KT_SD_START" "nixie-mqtt active (running)" mqtt_running
pid=$(mqtt_prop MainPID)
kt_sd_expect_dynamic_user "$pid" nixie-mqtt nixie
for set in CapInh CapPrm CapEff CapBnd CapAmb; do
  kt_expect "nixie-mqtt's $set" 0000000000000000 "$(awk -v set="$set:" '$1 == set { print $2 }' "/proc/$pid/status")"
done

# 3. On the broker: online, the 31 discovery configs (retained): the clock's fifteen (nine, and
# the alarms' buttons, next ring, event and countdown), and tube
# care's glow and least used cathode for each of the board's eight positions, which the bridge
# publishes once it has read the clock's count (after online); the board as the model.
kt_sd_wait "$KT_SD_ANSWER" "nixie/vm/availability online" mqtt_online
mqtt_configs() {
  mqtt_retained 'homeassistant/+/vm/+/config' >configs.txt
  [[ $(wc -l <configs.txt) == 31 ]]
}
kt_sd_wait "$KT_SD_ANSWER" "the 31 discovery configs" mqtt_configs
cut -d' ' -f1 configs.txt
grep -c '/tube_[0-9]*_glow/config' configs.txt | grep -qx 8 || kt_fail "not a glow sensor for each of the 8 positions"
grep -q '"model": "hv5622-6xin14-pi"' configs.txt || kt_fail "the configs do not name the board as the model"
kt_expect "the brightness state" "nixie/vm/brightness/state 100" "$(mqtt_retained nixie/vm/brightness/state)"

# 4. A brightness command from the broker: the clock's state says 30, and the wire shows it
# (systemd-mqtt.host.sh reads the marks).
kt_expect "brightness before" 100 "$(brightness)"
kt_sd_mark before
kt_sd_observe 1
kt_sd_mark command
mosquitto_pub -h 127.0.0.1 -q 1 -t nixie/vm/brightness/set -m 30
kt_sd_wait "$KT_SD_ANSWER" "the clock's brightness 30 after the command" eval '[[ $(brightness) == 30 ]]'
kt_sd_mark dimmed
kt_sd_observe 1.5
kt_sd_mark end
kt_sd_wait "$KT_SD_ANSWER" "the brightness state 30 on the broker" \
  eval '[[ $(mqtt_retained nixie/vm/brightness/state) == "nixie/vm/brightness/state 30" ]]'
kt_sd_trace

# 5. The sandbox as systemd sees it in the VM: the offline test's bound.
kt_sd_exposure "$KT_MQTT_UNIT" 1.5

# 6. Stopped: offline on the broker; the clock does not notice.
systemctl stop "$KT_MQTT_UNIT"
kt_expect "nixie-mqtt after stop" inactive "$(mqtt_prop ActiveState)"
kt_expect "the availability after stop" "nixie/vm/availability offline" "$(mqtt_retained nixie/vm/availability)"
kt_sd_running || kt_fail "nixie-clock is not running after nixie-mqtt stopped: $(kt_sd_state)"
kt_expect "the clock's process after nixie-mqtt stopped" "$clock_pid" "$(kt_sd_prop MainPID)"

# Leave it as the install did: disabled, mqtt.yaml as installed, no retained topics, no overrides.
systemctl disable "$KT_MQTT_UNIT"
install -m 0644 mqtt.yaml.installed "$KT_MQTT_CONFIG"
nixie mqtt --remove --broker 127.0.0.1 --node-id vm --config "$KT_MQTT_CONFIG" || kt_fail "nixie mqtt --remove failed"
kt_expect "retained topics after --remove" "" "$(mqtt_retained 'homeassistant/+/vm/#')"
kt_sd_standard
