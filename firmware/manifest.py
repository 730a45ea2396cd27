# SPDX-License-Identifier: MIT
# Freeze TrickTally into a custom MicroPython build (saves RAM: frozen
# bytecode and its constants run from flash). Build from a MicroPython
# checkout, e.g. for the Pico:
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tricktally/firmware/manifest.py
#
# (RPI_PICO2 for the Pico 2; ports/esp32 with BOARD=ESP32_GENERIC for an
# ESP32.) Paths here are relative to this file. This is a build script, not
# board code: it is never run on the board.
#
# main.py is deliberately NOT frozen: a frozen main.py runs in place of the
# one on the flash, so it could never be replaced or disabled without
# rebuilding. Copy firmware/main.py to the board after flashing
# (mpremote cp firmware/main.py :main.py) and remove any tricktally/ and
# tallyboard/ folders left on the flash by `tricktally deploy`: the file
# system comes before the frozen modules on sys.path, so they would shadow
# the frozen code. The screen strings are data, not code, and are read from
# the file system: copy them to /lib/tallyboard/ (after the frozen modules
# on sys.path, so nothing is shadowed):
#
#   mpremote mkdir :lib + mkdir :lib/tallyboard
#   mpremote cp firmware/tallyboard/lang_*.bin :lib/tallyboard/

# The port's own frozen modules (asyncio, the ESP32's inisetup, ...).
include("$(PORT_DIR)/boards/manifest.py")

# shared/tricktally: the rules core.
package("tricktally", base_path="../shared")

# firmware/tallyboard: the board application, fonts and drivers.
package("tallyboard")
