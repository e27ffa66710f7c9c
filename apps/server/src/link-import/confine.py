"""Runs a Python program (yt-dlp) under an audit hook that confines it to the guarded proxy.

Usage: python -I confine.py HOST:PORT PROGRAM [ARG ...]

Before the program is loaded, a hook (sys.addaudithook: it cannot be removed, and it sees every socket,
process and library call the interpreter makes for Python code) allows one network destination, the
link import's guarded proxy at HOST:PORT on loopback, and refuses everything else: a connection or a
datagram to any other address, a name look-up (the proxy resolves names, through the SSRF guard), a
URL opened with a scheme but http or https, FTP, a listening socket, a subprocess or exec, a native
library loaded through ctypes. What yt-dlp is talked into by a page (a smuggled proxy header, an ftp://
segment, a redirect) can therefore reach nothing but the proxy, which checks every address it connects
to. A refusal raises PermissionError (yt-dlp treats it as any failed connection) and is written to
stderr as a line starting with REFUSED, which the server reads to tell the user why.
"""

import os
import runpy
import sys

REFUSED = "yt-dlp confinement refused"
NATIVE_MODULES = {"ctypes", "_ctypes", "_cffi_backend", "cffi", "curl_cffi"}


def install(host, port):
    """Installs the hook: from here on, the interpreter may connect to host:port only."""
    allowed = (host, port)
    # a program started, a fork, native code: refused quietly, as if absent (yt-dlp probes for ffmpeg,
    # and Python's platform module runs `uname`, on every start)
    quiet = {
        "subprocess.Popen",
        "os.system",
        "os.exec",
        "os.posix_spawn",
        "os.spawn",
        "os.fork",
        "os.forkpty",
        "pty.spawn",
        "ctypes.dlopen",
        "ctypes.dlsym",
        "ctypes.dlsym/handle",
        "ctypes.cdata",
    }
    # the network but for the proxy: refused and reported (stderr), the user is told what the link tried
    network = {
        "socket.bind",
        "socket.sendto",
        "socket.sendmsg",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
    }
    write = os.write

    def refuse(what):
        # os.write: print() would go through sys.stderr, which the program may have replaced
        write(2, f"{REFUSED}: {what}\n".encode("utf-8", "replace"))
        raise PermissionError(f"{REFUSED}: {what}")

    def hook(event, args):
        if event == "import":
            # ctypes and cffi call native code, whose own connections no hook sees: not importable
            # (ImportError, which yt-dlp expects of an optional module, rather than a refusal)
            if str(args[0]).split(".")[0] in NATIVE_MODULES:
                raise ImportError(f"{args[0]} is not available in the link import's confinement")
        elif event in ("socket.connect", "socket.connect_ex"):
            address = args[1]
            if not (isinstance(address, tuple) and tuple(address[:2]) == allowed):
                refuse(f"a connection to {describe(address)}")
        elif event == "socket.getaddrinfo":
            if args[0] != host:
                refuse(f"a look-up of {args[0]}")
        elif event == "urllib.Request":
            url = str(args[0])
            if not url.lower().startswith(("http://", "https://")):
                refuse(f"an {url.split(':', 1)[0]}:// address")
        elif event == "ftplib.connect":
            refuse(f"FTP at {describe(args[1:3])}")
        elif event in network:
            refuse(event)
        elif event in quiet:
            raise PermissionError(f"{event} is not allowed in the link import's confinement")

    sys.addaudithook(hook)


def describe(address):
    if isinstance(address, tuple) and len(address) >= 2:
        return f"{address[0]}:{address[1]}"
    return repr(address)


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: confine.py HOST:PORT PROGRAM [ARG ...]")
    host, _, port = argv[1].rpartition(":")
    program = argv[2]
    install(host, int(port))
    sys.argv = argv[2:]
    # the program as its own __main__ (a pip entry script, or a zipapp such as yt-dlp's release)
    runpy.run_path(program, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv)
