"""SVG for the page, built as text with every text escaped: the result chart, the setup diagrams (for the screen,
and for the printed card with their areas side by side), and the statistics' pictures (wins, averages by category,
totals over time).

Every picture is drawn in user units WIDTH wide; the page scales them to its column (a 360 px phone shows
them about 1:1). Text is drawn in the page's colour (currentColor), so it follows dark mode; the category
colours have enough contrast on the light and the dark background alike. No style attributes: the page's
Content-Security-Policy allows styles only from its own stylesheet.

A module a kind of picture: drawing.py (what every picture is drawn with), chart.py (the result chart), diagram.py (the
setup diagrams), stats_pictures.py (the statistics' pictures).
"""

from .chart import result_chart
from .diagram import print_setup_figure, setup_figure
from .drawing import LANGS, both
from .stats_pictures import averages_chart, stats_charts, timeline_chart, wins_chart

__all__ = [
    "LANGS",
    "averages_chart",
    "both",
    "print_setup_figure",
    "result_chart",
    "setup_figure",
    "stats_charts",
    "timeline_chart",
    "wins_chart",
]
