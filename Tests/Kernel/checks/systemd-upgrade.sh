# Issue 37: nixie installed, upgraded and downgraded with apt from its signed repository, served
# over HTTP on the VM's loopback, the way a Pi owner does it (README: the keyring, a deb822
# source with Signed-By:, apt). The repositories are Scripts/package --apt-test's
# (Tests/Packaging/apt-test): 1 holds VERSION, 2 adds VERSION+test1 (the same source, both
# version homes bumped), 3 adds VERSION+test2, whose binary fails whatever it is asked.
#
#  1. Refused: the repository unsigned, signed by a key other than the one Signed-By: names, and
#     its InRelease altered after signing: apt-get update fails and offers no nixie from it.
#  2. apt install: VERSION (after the boot's nixie was purged), from the repository.
#  3. The owner's things: board and a line of their own in nixie.yaml, a line in mqtt.yaml,
#     settings changed over the control socket (a zone, the show seconds, no night: the clock's
#     overrides file), the web password (nixie-web enabled), a user in the device groups, and
#     two files of the coming features (wear.json, alarms.json) in the state directory.
#  4. apt-get upgrade to VERSION+test1, stdin closed (a conffile prompt would fail it): every
#     file under /etc/nixie keeps its bytes, mode, owner and group, every file of the state
#     directory is still there (with its bytes, unless the clock itself rewrote it meanwhile),
#     the settings in force and overridden are the same, the groups are the same, the password
#     still logs in (and a wrong one does not); nixie-clock ran the old version through the
#     download and unpack and was restarted once, after it, with the new binary (its exe not a
#     deleted file); nixie-web too.
#  5. apt-get upgrade to VERSION+test2 fails: the package's postinst tries the new binary on the
#     settings before debhelper's restart and stops there; the clock is the same process, never
#     restarted, and apt's output says why and how to go back.
#  6. Back: apt install nixie=VERSION, the downgrade from the half-configured VERSION+test2 (two
#     versions back): restarted once, all kept, as after the upgrade.
# The host part reads the tubes: the right time (the overrides' zone) while the old clock runs,
# again within 2 s of each new READY=1, how long they were dark at each restart, and never dark
# during the failed upgrade. At the end the boot's state: VERSION installed (as at boot), the
# owner's things gone, Debian's sources back, the standard configuration.
KT_APT=$("$KT_REPO/Tests/Packaging/deb-path" apt-test)
KT_APT_PORT=8642
KT_APT_KEYRING=/usr/share/keyrings/nixie-archive-keyring.gpg
KT_APT_SOURCES=/etc/apt/sources.list.d/nixie.sources
KT_WEB_UNIT=nixie-web.service
KT_WEB_CONFIG=/etc/nixie/web.yaml
KT_OWNER_ZONE=Asia/Kathmandu
KT_PASSWORD="a clock of one's own"
# The HTTP server's folder (the repositories linked in), Debian's apt sources while they are
# set aside, the files as the install made them.
work=/run/kt-upgrade
www=$work/www

[[ -f $KT_APT/versions ]] ||
  kt_fail "no repositories in ${KT_APT#/kt/host}: sudo Scripts/package --arch amd64 --apt-test writes them (Scripts/test does)"
# shellcheck source=/dev/null
source "$KT_APT/versions"
arch=$(dpkg --print-architecture)
grep -q "^Architecture: $arch\$" "$KT_APT/1/dists/stable/main/binary-$arch/Packages" ||
  kt_skip "the upgrade check's repositories hold amd64 packages only (Tests/Packaging/apt-test); this VM is $arch"
echo "the repositories: $OLD; + $NEXT; + $BROKEN (its binary fails)"

# The end, however it comes: the owner's things and the repository gone, Debian's sources
# back, the boot's package installed if this left another (or none), the standard state.
finish() {
  kt_stop_jobs
  systemctl disable --now "$KT_WEB_UNIT" >/dev/null 2>&1 || true
  rm -f "$KT_WEB_CONFIG" "$KT_APT_SOURCES" "$KT_APT_KEYRING" /var/lib/nixie/wear.json /var/lib/nixie/alarms.json
  userdel kt-owner 2>/dev/null || true
  [[ ! -f $work/mqtt.yaml ]] || install -m 0644 "$work/mqtt.yaml" /etc/nixie/mqtt.yaml
  [[ ! -d $work/apt ]] || cp -a "$work/apt/." /etc/apt/
  rm -rf /var/lib/apt/lists/127.0.0.1_* "$work"
  if [[ $(installed) != "ii $OLD" && $KT_INSTALL_KIND == deb ]]; then
    dpkg -i "$KT_HOST_ROOT$KT_INSTALL_FILE" >dpkg-restore.log 2>&1 || true
  fi
  kt_sd_standard || true
}

# installed: nixie's dpkg state and version ("ii 0.3.0"; "iF …" when half-configured).
installed() { dpkg-query -W -f '${db:Status-Abbrev}${Version}' nixie 2>/dev/null | tr -s ' '; }

# apt_get LOG ARGUMENTS…: apt-get with nothing to answer a prompt (stdin closed: a conffile
# question fails it), its output in LOG.
apt_get() {
  local log=$1
  shift
  echo "apt-get $*"
  DEBIAN_FRONTEND=noninteractive apt-get -q -y "$@" </dev/null >"$log" 2>&1
}

# sources URI KEYRING [URI KEYRING]…: the owner's deb822 source, as the README writes it (one
# stanza each).
sources() {
  : >"$KT_APT_SOURCES"
  while (($#)); do
    printf '%s\n' 'Types: deb' "URIs: $1" 'Suites: stable' 'Components: main' "Signed-By: $2" '' >>"$KT_APT_SOURCES"
    shift 2
  done
}

# serve FOLDER: what http://127.0.0.1:PORT/nixie is now (one of the repositories).
serve() { ln -sfn "$1" "$www/nixie"; }

# candidate: the version apt would install now ("(none)" when no source offers nixie).
candidate() {
  local version
  version=$(apt-cache policy nixie 2>/dev/null | sed -n 's/^ *Candidate: //p')
  echo "${version:-(none)}"
}


# owned FILE: what the owner made, as JSON: every file under /etc/nixie (bytes, mode, owner,
# group) and in the state directory (bytes, mode, when it was last written).
owned() {
  python3 - "$1" <<'OWNED'
import hashlib, json, os, pwd, grp, sys
files = {}
for top in ("/etc/nixie", "/var/lib/nixie/"):
    for folder, _, names in os.walk(top):
        for name in names:
            path = os.path.join(folder, name)
            info = os.stat(path)
            entry = {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(),
                     "mode": oct(info.st_mode & 0o7777), "mtime_ns": info.st_mtime_ns}
            if top == "/etc/nixie":
                entry["owner"] = pwd.getpwuid(info.st_uid).pw_name + ":" + grp.getgrgid(info.st_gid).gr_name
            files[os.path.normpath(path)] = entry
json.dump(files, open(sys.argv[1], "w"), indent=1, sort_keys=True)
OWNED
}

# kept WHAT: the owner's files, settings and groups as they were before (owned.json,
# settings.json, groups.txt); the password logs in.
kept() {
  owned "owned-$1.json"
  python3 - owned.json "owned-$1.json" <<'KEPT' || kt_fail "$1 changed what the owner made (owned.json, owned-$1.json)"
import json, sys
before, after = (json.load(open(path)) for path in sys.argv[1:])
wrong = []
for path, was in sorted(before.items()):
    now = after.get(path)
    if now is None:
        wrong.append(f"{path}: gone")
    elif path.startswith("/etc/nixie/"):
        if now != was:
            wrong.append(f"{path}: {was} -> {now}")
    elif now["mtime_ns"] != was["mtime_ns"]:
        print(f"ok: {path} rewritten by nixie itself (present, {now['sha256'][:12]})")
    elif now["sha256"] != was["sha256"] or now["mode"] != was["mode"]:
        wrong.append(f"{path}: {was} -> {now} (not rewritten, yet changed)")
for line in wrong:
    print("changed:", line)
sys.exit(1 if wrong else 0)
KEPT
  echo "ok: $1: the $(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' owned.json) files under /etc/nixie and /var/lib/nixie kept"
  kt_expect "$1: the settings in force and overridden" "$(cat settings.json)" "$(owner_settings)"
  kt_expect "$1: the groups" "$(cat groups.txt)" "$(owner_groups)"
  kt_sd_wait "$KT_SD_START" "$1: nixie-web active (running)" kt_sd_running "$KT_WEB_UNIT"
  kt_sd_wait "$KT_SD_ANSWER" "$1: nixie-web answering" web_answers
  kt_expect "$1: the owner's password logs in" 303 "$(web_login "$KT_PASSWORD")"
}

owner_settings() { kt_sd_state_of '{"board": s["board"], "settings": s["settings"], "overridden": s["overridden"]}'; }
owner_groups() { getent group gpio i2c spi nixie; }

# web_login PASSWORD: POST /login's status (303 and a nixie_session cookie when it is right).
web_login() {
  python3 -c '
import http.client, sys, urllib.parse
connection = http.client.HTTPConnection("127.0.0.1", 8080, timeout=30)
connection.request("POST", "/login", body=urllib.parse.urlencode({"password": sys.argv[1]}),
                   headers={"Content-Type": "application/x-www-form-urlencoded"})
reply = connection.getresponse()
cookie = reply.getheader("Set-Cookie") or ""
print(reply.status if reply.status != 303 or cookie.startswith("nixie_session=") and "=;" not in cookie else "303 without a session")' "$1"
}
web_answers() {
  python3 -c '
import http.client
connection = http.client.HTTPConnection("127.0.0.1", 8080, timeout=5)
connection.request("GET", "/login")
connection.getresponse()' 2>/dev/null
}

# restarted_once WHAT VERSION OLD_CLOCK OLD_WEB: after an apt step that began at the marker
# WHAT-begin (journal cursor then), VERSION is installed and runs: nixie-clock started once
# since (a crash and systemd's restart would make two), the old one stopped on SIGTERM, a new
# process of the new binary; its stop and READY=1 marked (WHAT-stop, WHAT-ready) for the host
# part, and half a second before the stop (WHAT-term): systemd stamps the unit's exit from
# active after it has sent SIGTERM, and the clock's blank on SIGTERM came 4 ms before that
# stamp once under TCG; nixie-web restarted too.
restarted_once() {
  local what=$1 version=$2 old=$3 old_web=$4 pid starts stop ready
  kt_expect "$what: installed" "ii $version" "$(installed)"
  kt_expect "$what: nixie --version" "$version" "$(nixie --version)"
  kt_sd_wait "$KT_SD_START" "$what: nixie-clock active (running) again" kt_sd_new_pid "$old"
  pid=$(kt_sd_prop MainPID)
  kt_expect "$what: the clock's binary" /usr/bin/nixie "$(readlink "/proc/$pid/exe")"
  starts=$(kt_sd_journal -o cat | grep -c '^clock started' || true)
  kt_expect "$what: clock starts since the step began" 1 "$starts"
  # The old clock ended on SIGTERM by itself (blank, exit 0), not killed at TimeoutStopSec=.
  ! kt_sd_logged "stop-sigterm' timed out|Killing process" || kt_fail "$what: systemd had to kill the old clock"
  stop=$(kt_sd_prop ActiveExitTimestampMonotonic)
  ready=$(kt_sd_prop ActiveEnterTimestampMonotonic)
  ((stop < ready)) || kt_fail "$what: the old clock left at ${stop} µs, the new one was ready at ${ready} µs"
  kt_sd_mark "$what-stop" "at_us=$stop"
  kt_sd_mark "$what-term" "at_us=$((stop - 500000))"
  kt_sd_mark "$what-ready" "at_us=$ready"
  echo "$what: the old clock stopped, the new one ready $(((ready - stop) / 1000)) ms later"
  kt_sd_wait "$KT_SD_START" "$what: nixie-web restarted" kt_sd_new_pid_of "$KT_WEB_UNIT" "$old_web"
  kt_expect "$what: nixie-web's binary" /usr/bin/nixie "$(readlink "/proc/$(kt_sd_prop MainPID "$KT_WEB_UNIT")/exe")"
}
kt_sd_new_pid_of() { kt_sd_running "$1" && [[ $(kt_sd_prop MainPID "$1") != "$2" && $(kt_sd_prop MainPID "$1") != 0 ]]; }

# step WHAT SOURCE_DIR APT_ARGUMENTS…: serve SOURCE_DIR and apt-get update (when it is new to
# apt), then the apt step between the markers WHAT-begin and WHAT-end (the tubes' window; 3 s of
# running after it).
step() {
  local what=$1 source=$2
  shift 2
  if [[ $(readlink "$www/nixie") != "$source" ]]; then
    serve "$source"
    apt_get "update-$what.log" update || { cat "update-$what.log"; kt_fail "$what: apt-get update failed"; }
  fi
  kt_sd_cursor
  kt_sd_mark "$what-begin"
  step_status=0
  apt_get "$what.log" "$@" || step_status=$?
  sed "s/^/  $what: /" "$what.log"
}

# section TEXT: where the check is, and when (seconds since it began: the log's time line).
section() { echo "== ${SECONDS}s: $*"; }

trap finish EXIT
kt_sd_begin
rm -rf "$work" && mkdir -p "$www" "$work/apt/sources.list.d"

# Debian's own sources are out of reach in the VM: set aside, so apt reads nixie's alone.
[[ ! -e /etc/apt/sources.list ]] || mv /etc/apt/sources.list "$work/apt/"
find /etc/apt/sources.list.d -mindepth 1 -maxdepth 1 -exec mv -t "$work/apt/sources.list.d/" {} +
rm -rf /var/lib/apt/lists/*

# The HTTP server: the repositories as a static host serves them (python3's http.server).
serve "$KT_APT/1"
python3 -m http.server "$KT_APT_PORT" --bind 127.0.0.1 --directory "$www" >http.log 2>&1 &
serving() { python3 -c "import socket; socket.create_connection(('127.0.0.1', $KT_APT_PORT), 1)" 2>/dev/null; }
kt_sd_wait 30 "the HTTP server on 127.0.0.1:$KT_APT_PORT" serving
url=http://127.0.0.1:$KT_APT_PORT/nixie

# The keyring, fetched from the repository as the README says.
python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
  "$url/nixie-archive-keyring.gpg" "$KT_APT_KEYRING"
chmod 0644 "$KT_APT_KEYRING"

# 1. What apt refuses: the three at once, one apt-get update. The unsigned and altered copies
# are the repository's dists, with its pool.
section "1. What apt refuses"
for variant in unsigned altered; do
  mkdir -p "$www/$variant"
  cp -a "$KT_APT/1/dists" "$www/$variant/"
  ln -sfn "$KT_APT/1/pool" "$www/$variant/pool"
done
rm "$www/unsigned/dists/stable/InRelease" "$www/unsigned/dists/stable/Release.gpg"
sed -i 's/^Label: nixie$/Label: nixie (altered)/' "$www/altered/dists/stable/InRelease" "$www/altered/dists/stable/Release"
grep -q 'Label: nixie (altered)' "$www/altered/dists/stable/InRelease" || kt_fail "the InRelease was not altered"
# The boot's nixie (dpkg -i of the package file) goes: apt installs it anew, below.
dpkg --purge nixie >purge.log 2>&1 || { cat purge.log; kt_fail "dpkg --purge nixie failed"; }
install -m 0644 "$KT_APT/other-keyring.gpg" "$work/other-keyring.gpg"
unsigned=http://127.0.0.1:$KT_APT_PORT/unsigned altered=http://127.0.0.1:$KT_APT_PORT/altered
sources "$unsigned" "$KT_APT_KEYRING" "$url" "$work/other-keyring.gpg" "$altered" "$KT_APT_KEYRING"
if apt_get refused.log update; then
  cat refused.log
  kt_fail "apt-get update accepted the unsigned, wrongly signed and altered repositories"
fi
grep -E '^(E|W|Err):' refused.log | sed 's/^/  /'
for uri in "$unsigned" "$url" "$altered"; do
  grep -qF "E: The repository '$uri stable " refused.log || kt_fail "apt did not refuse $uri (refused.log)"
done
kt_expect "the candidate from the refused repositories" "(none)" "$(candidate)"

# 2. apt install from the repository.
section "2. apt install from the repository"
sources "$url" "$KT_APT_KEYRING"
apt_get update-install.log update || { cat update-install.log; kt_fail "apt-get update of the signed repository failed"; }
kt_expect "the candidate" "$OLD" "$(candidate)"
apt_get install.log install nixie || { cat install.log; kt_fail "apt-get install nixie failed"; }
kt_expect "installed with apt" "ii $OLD" "$(installed)"
apt-cache policy nixie | tee policy.txt
grep -q "500 $url stable/main $arch Packages" policy.txt || kt_fail "apt-cache policy does not name the repository"
kt_expect "nixie-clock after apt install" enabled "$(systemctl is-enabled "$KT_UNIT")"
kt_sd_wait "$KT_SD_START" "the fresh install's start skipped (no board)" kt_sd_ended inactive/exec-condition

# 3. The owner's things.
section "3. The owner's things"
sed '$a # a line of the owner'"'"'s own' "$KT_SD_STANDARD" >nixie.yaml
kt_sd_config nixie.yaml
cp /etc/nixie/mqtt.yaml "$work/mqtt.yaml"
echo '# broker: 192.168.1.2   (the owner, some day)' >>/etc/nixie/mqtt.yaml
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock running on the owner's board" kt_sd_running
reply=$(python3 -c '
import json, socket, sys
client = socket.socket(socket.AF_UNIX)
client.settimeout(10)
client.connect("/run/nixie/control.sock")
client.sendall(json.dumps({"version": 2, "set": {"timezone": sys.argv[1], "show-seconds": 7, "night": "off"}}).encode() + b"\n")
print(client.makefile().readline().strip())' "$KT_OWNER_ZONE")
kt_expect "the settings changed over the control socket" '{"ok": true, "saved": true}' "$reply"
printf '%s\n' "$KT_PASSWORD" | nixie web --set-password >/dev/null || kt_fail "nixie web --set-password failed"
systemctl enable --now "$KT_WEB_UNIT" || kt_fail "systemctl enable --now nixie-web failed"
useradd --no-create-home --groups gpio,spi,nixie kt-owner
echo '{"tubes": [{"cathodes": {"0": 3600.5, "1": 12.25}}]}' >/var/lib/nixie/wear.json
echo '{"alarms": [{"at": "06:30", "days": "Mon-Fri", "tune": "beep"}], "countdown": null}' >/var/lib/nixie/alarms.json
owner_settings >settings.json
owner_groups >groups.txt
python3 -c '
import json, sys
s = json.load(open("settings.json"))
sys.exit(s["settings"]["timezone"] != sys.argv[1] or sorted(s["overridden"]) != ["night", "show-seconds", "timezone"])' \
  "$KT_OWNER_ZONE" || kt_fail "the clock's state does not hold the owner's settings: $(cat settings.json)"
kt_sd_wait "$KT_SD_START" "nixie-web active (running)" kt_sd_running "$KT_WEB_UNIT"
kt_sd_wait "$KT_SD_ANSWER" "nixie-web answering" web_answers
kt_expect "the owner's password logs in" 303 "$(web_login "$KT_PASSWORD")"
owned owned.json
cat settings.json groups.txt
kt_sd_mark owner-set

# 4. The upgrade.
section "4. The upgrade"
clock=$(kt_sd_prop MainPID) web=$(kt_sd_prop MainPID "$KT_WEB_UNIT")
step upgrade "$KT_APT/2" upgrade
((step_status == 0)) || kt_fail "apt-get upgrade failed (exit $step_status)"
restarted_once upgrade "$NEXT" "$clock" "$web"
ls /etc/nixie/*.dpkg-* 2>/dev/null && kt_fail "dpkg left a conffile beside the owner's (above)"
kept upgrade
kt_expect "a wrong password after the upgrade" 401 "$(web_login "not the owner's")"
kt_sd_observe 3
kt_sd_mark upgrade-end

# 5. A new version that fails: the clock is left as it runs.
section "5. A new version that fails"
clock=$(kt_sd_prop MainPID) web=$(kt_sd_prop MainPID "$KT_WEB_UNIT")
step broken "$KT_APT/3" upgrade
((step_status != 0)) || kt_fail "apt-get upgrade to $BROKEN succeeded"
grep -qF "nixie: nixie $BROKEN fails with this machine's settings" broken.log ||
  kt_fail "apt's output does not say that nixie $BROKEN fails"
grep -qF "it still runs $NEXT" broken.log && grep -qF "sudo apt install nixie=$NEXT" broken.log ||
  kt_fail "apt's output does not say what still runs and how to go back"
kt_expect "nixie after the failed upgrade" "iF $BROKEN" "$(installed)"
kt_sd_running || kt_fail "nixie-clock is not running after the failed upgrade: $(kt_sd_state)"
kt_expect "the clock's process after the failed upgrade" "$clock" "$(kt_sd_prop MainPID)"
kt_expect "clock starts during the failed upgrade" 0 "$(kt_sd_journal -o cat | grep -c '^clock started' || true)"
kt_expect "nixie-web's process after the failed upgrade" "$web" "$(kt_sd_prop MainPID "$KT_WEB_UNIT")"
kt_sd_observe 3
kt_sd_mark broken-end
kept broken

# 6. Back, two versions: the downgrade.
section "6. Back, two versions"
step downgrade "$KT_APT/3" install --allow-downgrades "nixie=$OLD"
((step_status == 0)) || kt_fail "apt-get install nixie=$OLD failed (exit $step_status)"
restarted_once downgrade "$OLD" "$clock" "$web"
kept downgrade
kt_sd_observe 3
kt_sd_mark downgrade-end
section "the trace"
kt_sd_trace
