# variants: gpiod1 gpiod2
# Frames per second bit-banged in this VM (tracing off) by nixie's Swift backend — `nixie
# bench --bitbang`, through the same HardwareBoard and driver as `nixie show --backend
# hardware` — against the plain C libgpiod program of the same API doing the same shifting
# (hv5622-bitbang-v1 or -v2: the same waveform, frames and writes). Rounds taking turns (which
# goes first alternates), so both see the same load; the ratio is the median of the rounds'
# nixie/C ratios. Both must make exactly 2 idle writes, 130 a frame and 1 for BL. nixie is the
# release build of the variant (what users run; run builds it). KT_BITBANG_FRAMES sets the
# frames a round (3000), KT_BITBANG_ROUNDS the rounds (5). Writes rate.json and the ratio to
# the report (note): a figure, not a bound. run boots it in the counted VM, whose clock counts
# instructions, so the figure does not follow the host's load (docs/PERFORMANCE.md).
[[ -x ${KT_NIXIE_RELEASE:-} ]] ||
  kt_fail "no release build of nixie for libgpiod $KT_GPIOD: run Scripts/kernel-test bitbang-rate (it builds both)"
frames=${KT_BITBANG_FRAMES:-3000}
rounds=${KT_BITBANG_ROUNDS:-5}
offsets=("$(kt_line din)" "$(kt_line clk)" "$(kt_line le)" "$(kt_line bl)")
board=$(kt_board hv5622-6xin14-sim)
if ((KT_GPIOD == 2)); then
  c_program=("$KT_TOOLS/hv5622-bitbang-v2" -r "$frames" "$KT_GPIO_CHIP")
else
  c_program=("$KT_TOOLS/hv5622-bitbang-v1" -r "$frames" "$KT_GPIO_LABEL")
fi
c_round() { "${c_program[@]}" "${offsets[@]}" 8801000801300801 | tee -a c.txt; }
nixie_round() { "$KT_NIXIE_RELEASE" bench --bitbang "$frames" --board "$board" | tee -a nixie.txt; }
# C first in odd rounds, nixie first in even ones: a load that grows or shrinks favours neither.
for ((round = 1; round <= rounds; round++)); do
  if ((round % 2)); then c_round; nixie_round; else nixie_round; c_round; fi
done
# 2 idle writes, 130 a frame, 1 for BL after the first.
for file in c.txt nixie.txt; do
  kt_expect "$file: frames and writes of every round" \
    "$(printf "$frames $((2 + 130 * frames + 1))%.0s\n" $(seq "$rounds"))" "$(awk '{ print $2, $4 }' "$file")"
done
"$KT_PYTHON" - c.txt nixie.txt "$KT_GPIOD" "$KT_NIXIE_RELEASE" <<'PY' | tee rate.json
import json, statistics, sys
def rates(path):
    return [float(line.split()[7]) for line in open(path) if line.strip()]
c, nixie = rates(sys.argv[1]), rates(sys.argv[2])
ratio = round(statistics.median(n / k for n, k in zip(nixie, c)), 3)
print(json.dumps({
    "libgpiod": int(sys.argv[3]), "nixie": sys.argv[4], "frames_per_round": int(open(sys.argv[1]).readline().split()[1]),
    "c_fps": c, "nixie_fps": nixie, "ratio": ratio,
}))
with open("note", "w") as note:
    note.write(f"release nixie {ratio:.3f} × the C program's frames/s "
               f"({statistics.median(nixie):.0f} against {statistics.median(c):.0f}, medians of {len(c)} rounds)\n")
PY
