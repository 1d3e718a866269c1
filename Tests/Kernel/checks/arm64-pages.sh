# Issue 26: the installed arm64 nixie on this kernel's page size. The kernel's page size is the
# one its flavour promises (arm64: 4 KiB, arm64-16k: 16 KiB as a Pi 5's), and every LOAD
# segment of the installed binary is aligned for 64 KiB pages (p_align a power of two of at
# least 64 KiB, p_vaddr and p_offset equal modulo it), so it loads under 4, 16 and 64 KiB
# pages alike; that it also runs on this one is what the systemd-* checks of the same boot show.
declare -A expected=([arm64]=4096 [arm64-16k]=16384)
kt_expect "the page size of the $KT_KERNEL kernel (getconf PAGESIZE)" "${expected[$KT_KERNEL]}" "$(getconf PAGESIZE)"
"$KT_PYTHON" - "$(readlink -f "$KT_NIXIE")" <<'PY' | tee segments.json
import json, struct, sys
path = sys.argv[1]
data = open(path, "rb").read(1 << 16)
if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
    sys.exit(f"{path} is not a 64-bit little-endian ELF file")
machine, = struct.unpack_from("<H", data, 18)
phoff, = struct.unpack_from("<Q", data, 32)
phentsize, phnum = struct.unpack_from("<HH", data, 54)
segments = []
for index in range(phnum):
    kind, _, offset, vaddr, _, filesz, memsz, align = struct.unpack_from("<IIQQQQQQ", data, phoff + index * phentsize)
    if kind == 1:  # PT_LOAD
        segments.append({"offset": offset, "vaddr": vaddr, "filesz": filesz, "align": align})
bad = [s for s in segments if s["align"] < 65536 or s["align"] & (s["align"] - 1) or
       (s["vaddr"] - s["offset"]) % 65536]
print(json.dumps({"path": path, "aarch64": machine == 183, "loads": segments, "misaligned": bad}))
sys.exit(1 if bad or machine != 183 or not segments else 0)
PY
echo "ok: every LOAD segment of $(readlink -f "$KT_NIXIE") is aligned for 64 KiB pages"
