# SPDX-License-Identifier: MIT
"""`tricktally sim`: the board's firmware on the PC (terminal or headless)."""
