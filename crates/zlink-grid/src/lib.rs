//! What every puzzle shares: the puzzle trait, grids, text/URL codecs, SVG rendering.
