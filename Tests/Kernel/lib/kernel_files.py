#!/usr/bin/env python3
"""Host-side helpers for the kernel test harness (Python 3 standard library only).

  kernel_files.py vmlinux BZIMAGE OUT
      Writes the uncompressed ELF vmlinux found inside a compressed kernel image
      (xz, zstd or gzip payload), which QEMU boots directly (PVH) without spending
      emulated time on decompression.

  kernel_files.py modules DIR... -- NAME...
      Prints the module files that NAME... need, dependencies first, one path a line:
      the order busybox `insmod` must load them in (there is no modules.dep in the VM).
      Modules are looked up by name ('-' and '_' are the same) in the DIRs, recursively;
      a name listed in a DIR's modules.builtin is built into the kernel and skipped.
"""

import gzip
import lzma
import os
import struct
import subprocess
import sys


def extract_vmlinux(image_path, out_path):
    data = open(image_path, "rb").read()
    candidates = [
        (b"\xfd7zXZ\x00", lambda blob: lzma.LZMADecompressor().decompress(blob)),
        (b"\x28\xb5\x2f\xfd", lambda blob: subprocess.run(
            ["zstd", "-dc"], input=blob, capture_output=True).stdout),
        (b"\x1f\x8b\x08", lambda blob: gzip.GzipFile(fileobj=__import__("io").BytesIO(blob)).read()),
    ]
    for magic, decompress in candidates:
        start = data.find(magic)
        while start >= 0:
            try:
                payload = decompress(data[start:])
            except Exception:
                payload = b""
            if payload[:4] == b"\x7fELF":
                with open(out_path + ".part", "wb") as out:
                    out.write(payload)
                os.replace(out_path + ".part", out_path)
                return 0
            start = data.find(magic, start + 1)
    print(f"kernel_files: no compressed ELF kernel found in {image_path}", file=sys.stderr)
    return 1


def elf_section(path, wanted):
    """The bytes of one section of a 64-bit little-endian ELF file, or b''."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return b""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def header(index):
        base = shoff + index * shentsize
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", data, base)
        return name, offset, size

    _, names_offset, _ = header(shstrndx)
    for index in range(shnum):
        name, offset, size = header(index)
        end = data.index(b"\0", names_offset + name)
        if data[names_offset + name:end].decode() == wanted:
            return data[offset:offset + size]
    return b""


def module_depends(path):
    for entry in elf_section(path, ".modinfo").split(b"\0"):
        if entry.startswith(b"depends="):
            return [name for name in entry[8:].decode().split(",") if name]
    return []


def normalize(name):
    return name.replace("-", "_")


def module_order(dirs, names):
    files, builtin = {}, set()
    for top in dirs:
        for root, _, entries in os.walk(top):
            for entry in entries:
                if entry.endswith(".ko"):
                    files.setdefault(normalize(entry[:-3]), os.path.join(root, entry))
                elif entry == "modules.builtin":
                    for line in open(os.path.join(root, entry)):
                        builtin.add(normalize(os.path.basename(line.strip())[:-3]))
    order, seen = [], set()

    def visit(name, chain):
        name = normalize(name)
        if name in seen:
            return
        if name in chain:
            raise SystemExit(f"kernel_files: module dependency cycle: {' -> '.join(chain + [name])}")
        if name not in files:
            if name in builtin:
                seen.add(name)
                return
            raise SystemExit(f"kernel_files: no module named {name} in {', '.join(dirs)}")
        for dependency in module_depends(files[name]):
            visit(dependency, chain + [name])
        seen.add(name)
        order.append(files[name])

    for name in names:
        visit(name, [])
    print("\n".join(order))
    return 0


def main(argv):
    if len(argv) == 3 and argv[0] == "vmlinux":
        return extract_vmlinux(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "modules" and "--" in argv:
        split = argv.index("--")
        return module_order(argv[1:split], argv[split + 1:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
