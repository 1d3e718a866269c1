#!/usr/bin/env python3
"""Runs COMMAND in a user namespace of its own that maps every user and group ID to itself,
with a mount namespace that namespace owns (Scripts/lib/chroot.sh, for a foreign
architecture's chroot). Root there keeps root's files (a chroot's dpkg can chown to any user)
but may not make device nodes, and may mount binfmt_misc: since Linux 6.7 an instance of its
own, so the qemu-user entry registered there exists for its processes only and the host's
binfmt_misc is never touched.

  Scripts/lib/userns.py COMMAND...

Must be started as root (writing a map of every ID takes CAP_SETUID in the parent namespace).
Exits with COMMAND's status, 1 if the namespace could not be made (saying why)."""
import ctypes
import os
import sys

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
# Every ID, inside as outside: "inside outside count".
IDENTITY = "0 0 4294967295\n"


def fail(message):
    print(f"userns.py: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) < 2:
        fail("usage: userns.py COMMAND...")
    if os.geteuid() != 0:
        fail("needs root (it maps every user ID)")
    libc = ctypes.CDLL(None, use_errno=True)
    # The child unshares and says so; the parent writes its maps and says go.
    unshared_read, unshared_write = os.pipe()
    go_read, go_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(unshared_read)
        os.close(go_write)
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
            print(f"userns.py: unshare: {os.strerror(ctypes.get_errno())}", file=sys.stderr)
            os._exit(1)
        os.write(unshared_write, b"u")
        os.close(unshared_write)
        if os.read(go_read, 1) != b"g":
            os._exit(1)
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as error:
            print(f"userns.py: {sys.argv[1]}: {error.strerror}", file=sys.stderr)
            os._exit(127)
    os.close(unshared_write)
    os.close(go_read)
    if os.read(unshared_read, 1) != b"u":
        os.waitpid(pid, 0)
        fail("the child could not make its namespaces")
    try:
        for name in ("uid_map", "gid_map"):
            with open(f"/proc/{pid}/{name}", "w") as ids:
                ids.write(IDENTITY)
    except OSError as error:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        fail(f"writing /proc/{pid}/{name}: {error.strerror}")
    os.write(go_write, b"g")
    os.close(go_write)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
