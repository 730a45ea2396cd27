# SPDX-License-Identifier: MIT
"""SSD1306 driver: dirty-page updates, the simulated bus, byte counts."""

import random

import pytest

from tallyboard.display import Display, _CHUNK
from tallyfakes.simbus import SimI2C
from tallyboard import text

# A span: a command transfer (control byte, column low and high nibbles,
# page), then a data transfer (control byte, the columns). A later span on
# the same page leaves the page command out.
SPAN = 4 + 1
MORE = SPAN - 1
FULL = 8 * (SPAN + 128)  # every page whole


def make():
    bus = SimI2C()
    return bus, Display(bus)


def shown():
    """A display whose first frame (blank) the panel already holds."""
    bus, d = make()
    d.show()
    return bus, d


def panel_matches(bus, display):
    return bytes(bus.gddram) == bytes(display.buffer)


def test_init_turns_panel_on_in_page_mode():
    bus, d = make()
    assert bus.on
    assert bus.mode == 2
    assert bus.contrast == 0xFF
    assert not bus.inverted


def test_first_show_sends_whole_frame_then_nothing():
    bus, d = make()
    before = bus.bytes_sent
    assert d.show() == FULL
    assert bus.bytes_sent - before == FULL
    assert panel_matches(bus, d)
    assert d.show() == 0
    assert bus.bytes_sent - before == FULL


def test_show_reports_exactly_what_the_bus_saw():
    bus, d = make()
    d.show()
    rng = random.Random(1)
    for _ in range(50):
        d.fb.fill_rect(rng.randrange(128), rng.randrange(64), rng.randrange(1, 40), rng.randrange(1, 20), rng.randrange(2))
        before = bus.bytes_sent
        assert d.show() == bus.bytes_sent - before
        assert panel_matches(bus, d)


def test_one_pixel_change_sends_one_small_span():
    bus, d = make()
    d.show()
    d.fb.pixel(70, 20, 1)
    sent = d.show()
    assert sent == SPAN + 1  # one byte: the column's 8 pixels
    assert bus.pixel(70, 20) == 1
    assert panel_matches(bus, d)


def test_unchanged_drawing_sends_nothing():
    bus, d = make()
    text.draw(d.fb, "Hello", 0, 0)
    d.show()
    d.fb.fill(0)
    text.draw(d.fb, "Hello", 0, 0)  # same pixels again
    assert d.show() == 0


def test_one_line_change_is_far_below_a_full_frame():
    bus, d = make()
    for i in range(6):
        text.draw(d.fb, "Line %d of the screen" % i, 0, i * 10)
    assert d.show() == FULL
    d.fb.fill_rect(0, 20, 128, 10, 0)
    text.draw(d.fb, "Line 2 changed here", 0, 20)
    sent = d.show()
    assert 0 < sent <= 2 * (SPAN + 128)  # a 10 px line touches at most 2 pages
    assert panel_matches(bus, d)


def test_full_redraw_goes_one_span_a_page():
    bus, d = make()
    d.show()
    d.fb.fill(1)
    t = bus.transfers
    assert d.show() == FULL
    assert bus.transfers - t == 2 * 8  # page and column, then the page's bytes
    assert panel_matches(bus, d)


def test_changes_far_apart_on_one_page_go_as_two_spans():
    bus, d = shown()
    d.fb.pixel(2, 20, 1)
    d.fb.pixel(120, 20, 1)
    t = bus.transfers
    assert d.show() == SPAN + 1 + MORE + 1  # not the 117 columns between
    assert bus.transfers - t == 4
    assert panel_matches(bus, d)


def test_a_page_is_set_once_for_all_its_spans():
    bus, d = shown()
    for x in (1, 40, 80, 126):  # 4 spans on page 2, 1 on page 5
        d.fb.pixel(x, 17, 1)
    d.fb.pixel(64, 45, 1)
    bus.commands = []
    assert d.show() == 2 * (SPAN + 1) + 3 * (MORE + 1)
    pages = [op & 7 for op, _ in bus.commands if 0xB0 <= op <= 0xB7]
    assert pages == [2, 5]
    columns = [op for op, _ in bus.commands if op <= 0x1F]
    assert len(columns) == 2 * 5  # every span sets its column
    assert panel_matches(bus, d)


def test_commands_between_shows_leave_the_next_spans_right():
    # contrast/power/invert go through the column transfer's buffer: the
    # next show() must still set its own columns and pages.
    bus, d = shown()
    d.fb.pixel(3, 3, 1)
    d.fb.pixel(100, 3, 1)
    d.show()
    d.contrast(0x40)
    d.invert(True)
    d.invert(False)
    d.fb.pixel(50, 60, 1)
    d.fb.pixel(120, 60, 1)
    d.fb.pixel(5, 3, 1)
    d.show()
    assert bus.contrast == 0x40 and not bus.inverted
    assert panel_matches(bus, d)


def chunk_edges(d):
    """The columns where the driver's chunks start, and the width."""
    edges = [0]
    for view in d._copies[3][:-1]:  # the frame's page copy cut in chunks; the last is empty
        edges.append(edges[-1] + len(view))
    return bytes(edges)


def test_chunks_are_on_a_grid_half_a_chunk_in():
    assert chunk_edges(Display(SimI2C())) == bytes([0] + list(range(_CHUNK // 2, 128, _CHUNK)) + [128])
    small = Display(SimI2C(width=64, height=32), width=64, height=32)
    assert chunk_edges(small) == bytes([0, 8, 24, 40, 56, 64])


@pytest.mark.parametrize("edge", [_CHUNK // 2, _CHUNK // 2 + _CHUNK, 128 - _CHUNK // 2])
def test_a_span_across_a_chunk_edge_is_one_span(edge):
    bus, d = shown()
    assert edge in chunk_edges(d)
    d.fb.fill_rect(edge - 2, 40, 4, 3, 1)  # 2 columns each side of the edge
    assert d.show() == SPAN + 4
    assert panel_matches(bus, d)


@pytest.mark.parametrize("col", [7, 8, 9, 23, 24, 63, 64, 119, 120, 126])
def test_one_column_at_a_chunk_edge_is_one_byte(col):
    # show() reckons where each chunk starts and ends: a change in a
    # chunk's first or last column is found there, not trimmed away.
    bus, d = shown()
    for p in range(8):
        d.fb.pixel(col, 8 * p + 3, 1)
        assert d.show() == SPAN + 1
        assert panel_matches(bus, d)


def test_the_first_and_last_columns_of_a_page():
    # Column 0 takes the spare byte in front of the page copy for its
    # control byte; column 127 ends the copy.
    bus, d = make()
    d.show()
    for p in range(8):
        d.fb.pixel(0, 8 * p + p, 1)
        d.fb.pixel(127, 8 * p, 1)
    assert d.show() == 8 * (SPAN + 1 + MORE + 1)
    assert panel_matches(bus, d)


class SpanBus(SimI2C):
    """SimI2C noting, for each data transfer, the bytes the panel held
    where it lands and the bytes sent (page addressing)."""

    def __init__(self):
        SimI2C.__init__(self)
        self.spans = []

    def writeto(self, addr, buf, start=0, end=None):
        data = bytes(buf)[start:end]
        if data[:1] == b"\x40" and self.mode == 2:
            at = self.page * self.width + self.col
            self.spans.append((self.col, bytes(self.gddram[at:at + len(data) - 1]), data[1:]))
        return SimI2C.writeto(self, addr, buf, start, end)


@pytest.mark.parametrize("seed", range(4))
def test_spans_start_and_end_on_a_change_and_skip_matching_chunks(seed):
    rng = random.Random(seed)
    bus = SpanBus()
    d = Display(bus)
    d.show()
    for _ in range(40):
        for _ in range(rng.randrange(1, 4)):
            d.fb.fill_rect(rng.randrange(128), rng.randrange(64), rng.randrange(1, 12), rng.randrange(1, 12), rng.randrange(2))
        bus.spans = []
        d.show()
        edges = chunk_edges(d)
        for col, old, new in bus.spans:
            assert old[0] != new[0] and old[-1] != new[-1]
            for start, end in zip(edges, edges[1:]):
                if col <= start and end <= col + len(new):  # a whole chunk inside
                    c, e = start - col, end - col
                    assert old[c:e] != new[c:e], "a matching chunk was sent"
        assert panel_matches(bus, d)


@pytest.mark.parametrize("seed", range(8))
def test_panel_equals_framebuffer_after_random_drawing(seed):
    rng = random.Random(seed)
    bus, d = make()
    fb = d.fb
    for _ in range(30):
        op = rng.randrange(7)
        x, y = rng.randrange(-10, 138), rng.randrange(-10, 74)
        w, h, c = rng.randrange(0, 60), rng.randrange(0, 40), rng.randrange(2)
        if op == 0:
            fb.pixel(x, y, c)
        elif op == 1:
            fb.hline(x, y, w, c)
        elif op == 2:
            fb.vline(x, y, h, c)
        elif op == 3:
            fb.fill_rect(x, y, w, h, c)
        elif op == 4:
            fb.rect(x, y, w, h, c)
        elif op == 5:
            fb.line(x, y, rng.randrange(128), rng.randrange(64), c)
        else:
            text.draw(fb, "Ação Été", x, y, color=c)
        if rng.randrange(3) == 0:
            d.show()
            assert panel_matches(bus, d)
    d.show()
    assert panel_matches(bus, d)
    rows = bus.rows()
    assert len(rows) == 64 and all(len(r) == 128 for r in rows)
    for yy in range(0, 64, 7):
        for xx in range(0, 128, 5):
            assert (rows[yy][xx] == "#") == bool(fb.pixel(xx, yy))


def test_contrast_power_invert_reach_the_panel():
    bus, d = make()
    d.contrast(17)
    assert bus.contrast == 17
    d.invert(True)
    assert bus.inverted
    d.invert(False)
    assert not bus.inverted
    d.power(False)
    assert not bus.on
    d.power(True)
    assert bus.on
    with pytest.raises(ValueError, match="contrast"):
        d.contrast(300)


def test_invalidate_forces_a_full_frame():
    bus, d = make()
    d.show()
    d.invalidate()
    assert d.show() == FULL


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError, match="height"):
        Display(SimI2C(), height=48)
    with pytest.raises(ValueError, match="width"):
        Display(SimI2C(), width=130)


@pytest.mark.parametrize("width,height", [(96, 16), (64, 32)])
def test_smaller_panels(width, height):
    bus = SimI2C(width=width, height=height)
    d = Display(bus, width=width, height=height)
    d.fb.fill_rect(3, 2, width - 10, height - 4, 1)
    d.show()
    d.fb.fill_rect(width - 9, 1, 9, height - 2, 1)
    d.fb.pixel(0, height - 1, 1)
    d.show()
    assert bytes(bus.gddram) == bytes(d.buffer)
    with pytest.raises(ValueError, match="width"):
        Display(SimI2C(), width=72)


def test_wrong_address_is_an_oserror():
    with pytest.raises(OSError):
        Display(SimI2C(addr=0x3D))


def test_simbus_decodes_single_byte_commands_and_page_mode():
    # Co=1 control bytes (one command each), page addressing mode, as
    # some drivers send them.
    bus = SimI2C()
    bus.writeto(0x3C, bytes([0x80, 0xAF, 0x80, 0x20, 0x80, 0x02]))
    assert bus.on and bus.mode == 2
    bus.writeto(0x3C, bytes([0x00, 0xB3, 0x05, 0x11]))  # page 3, column 0x15
    bus.writeto(0x3C, bytes([0x40, 0xFF, 0x81]))
    assert bus.gddram[3 * 128 + 0x15] == 0xFF
    assert bus.gddram[3 * 128 + 0x16] == 0x81
    with pytest.raises(ValueError, match="control byte"):
        bus.writeto(0x3C, bytes([0x01, 0x00]))


def test_simbus_horizontal_window_wraps_like_the_controller():
    bus = SimI2C()
    bus.writeto(0x3C, bytes([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]))
    bus.writeto(0x3C, bytes([0x40, 1, 2, 3, 4, 5]))
    # Four bytes fill the 2x2 window; the fifth wraps to its first cell.
    assert [bus.gddram[2 * 128 + 10], bus.gddram[2 * 128 + 11], bus.gddram[3 * 128 + 10], bus.gddram[3 * 128 + 11]] == [5, 2, 3, 4]
    assert bus.gddram[2 * 128 + 12] == 0 and bus.gddram[4 * 128 + 10] == 0
    assert bus.col == 11 and bus.page == 2


class _AdafruitBus:
    """SimI2C behind the busio-style API adafruit_ssd1306 expects."""

    def __init__(self, sim):
        self.sim = sim

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, addr, buf, start=0, end=None):
        if len(buf) == 0:
            return  # address probe
        self.sim.writeto(addr, buf, start, end)


def test_simbus_agrees_with_an_independent_driver():
    # adafruit_ssd1306 (a third-party driver) drawing through SimI2C: the
    # decoded panel must equal that driver's own buffer.
    import adafruit_ssd1306

    sim = SimI2C()
    oled = adafruit_ssd1306.SSD1306_I2C(128, 64, _AdafruitBus(sim))
    oled.fill(0)
    oled.fill_rect(5, 3, 40, 20, 1)
    oled.pixel(127, 63, 1)
    oled.show()
    assert bytes(sim.gddram) == bytes(oled.buffer)[1:]  # its buffer starts with 0x40
    assert sim.on


def test_simbus_keeps_command_state_across_transfers():
    # A parameter may arrive in the next transfer (Co=1 style drivers).
    bus = SimI2C()
    bus.writeto(0x3C, bytes([0x80, 0x81]))
    assert bus.contrast == 0x7F
    bus.writeto(0x3C, bytes([0x80, 0x40]))  # 0x40 is the parameter, not "start line"
    assert bus.contrast == 0x40
    assert bus.commands[-1] == (0x81, (0x40,))
    bus.writeto(0x3C, bytes([0x80, 0x40]))  # now it is a command
    assert bus.commands[-1] == (0x40, ()) and bus.contrast == 0x40
    assert bus.bytes_sent == 6 and bus.transfers == 3


def test_visible_applies_power_and_invert():
    bus, d = make()
    d.fb.pixel(1, 1, 1)
    d.show()
    assert bus.visible(1, 1) == 1 and bus.visible(2, 2) == 0
    d.invert(True)
    assert bus.visible(1, 1) == 0 and bus.visible(2, 2) == 1
    d.power(False)
    assert bus.visible(2, 2) == 0


def test_an_overlay_reaches_the_panel_and_leaves_the_frame_as_drawn():
    bus, d = make()
    d.fb.fill_rect(0, 0, 30, 10, 1)
    d.show()
    drawn = bytes(d.buffer)

    def mark(display):
        display.fb.fill_rect(120, 56, 8, 8, 1)

    d.overlay = mark
    assert d.show() == SPAN + 8
    assert bytes(d.buffer) == drawn  # the frame as drawn, without the mark
    assert bus.pixel(124, 60) == 1 and bus.pixel(5, 5) == 1
    # A redraw of page 0 only: the other pages come back as drawn (no
    # mark), and the next show sends page 0's change with the mark again.
    assert d.keep(1)
    d.fb.fill_rect(0, 0, 10, 8, 1)
    d.kept(1)
    assert bytes(d.buffer)[128:] == drawn[128:]
    d.show()
    assert bus.pixel(124, 60) == 1 and bus.pixel(20, 3) == 0 and bus.pixel(5, 3) == 1
    d.overlay = None
    d.show()  # the mark goes: the panel shows the frame as drawn
    assert panel_matches(bus, d)
