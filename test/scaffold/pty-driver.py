"""Drives a command in a real pseudo-terminal, as a person would: wait for a prompt's text, then type.

Usage: python3 pty-driver.py '<json>' where json is
  {"argv": [...], "cwd": "...", "env": {...}, "steps": [{"expect": "text", "send": "keys"}], "timeout": 20}
Each step waits (ANSI codes stripped) until `expect` appears in the output that followed the previous match, then
writes `send`. After the last step it reads until the process exits. Prints one JSON line:
  {"code": <exit code or null>, "signal": <signal or null>, "transcript": "...", "failed": "<step that timed out>"|null}
"""
import fcntl
import json
import os
import pty
import re
import select
import struct
import sys
import termios
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]|\x1b[=>78]")


def main():
    spec = json.loads(sys.argv[1])
    deadline_step = float(spec.get("timeout", 20))
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(spec["cwd"])
        env = dict(os.environ)
        env.update(spec.get("env", {}))
        os.execvpe(spec["argv"][0], spec["argv"], env)
    # A wide terminal, so prompts are not wrapped in the middle of the text we wait for.
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 200, 0, 0))

    raw = bytearray()
    cursor = 0
    eof = False

    def pump(until):
        nonlocal eof
        while not eof and time.time() < until:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                return
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                eof = True
                return
            if not chunk:
                eof = True
                return
            raw.extend(chunk)

    def text():
        return ANSI.sub("", raw.decode("utf-8", "replace"))

    failed = None
    for step in spec["steps"]:
        until = time.time() + deadline_step
        found = -1
        while time.time() < until:
            pump(until)
            found = text().find(step["expect"], cursor)
            if found >= 0 or eof:
                break
        if found < 0:
            failed = step["expect"]
            break
        cursor = found + len(step["expect"])
        if "send" in step:
            os.write(fd, step["send"].encode("utf-8"))

    if failed is None:
        until = time.time() + deadline_step
        while not eof and time.time() < until:
            pump(until)
    if not eof:
        os.kill(pid, 9)
    code = None
    signal = None
    _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status):
        code = os.WEXITSTATUS(status)
    elif os.WIFSIGNALED(status):
        signal = os.WTERMSIG(status)
    print(json.dumps({"code": code, "signal": signal, "transcript": text(), "failed": failed}))


main()
