# SPDX-License-Identifier: MIT
"""The board's stand-ins: what the simulator and the tests give the
firmware where a board has real parts, injected as a board injects its own
(DESIGN.md: hardware is reached only through small objects passed in).

- ``simbus.SimI2C``: an I2C bus with a simulated SSD1306 on it;
- ``memfs.MemFS``: a file store in RAM that can lose power at any write;
- ``fake_clock.FakeClock``: a clock that moves only when told;
- ``describe.describe(app)``: one line naming the screen, for the tests'
  messages and the simulator's status line.

These run on MicroPython as well as CPython (the tests play the app on the
unix port and the 32-bit port with them: tests/mpvm.py compiles this
package beside the firmware), so they keep to the board's rules and import
nothing CPython-only. They are never deployed: a board has real parts.
The CPython ``framebuf`` the host gives the firmware is
tricktally_host.framebuf (CPython only).
"""
