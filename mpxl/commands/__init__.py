"""The ``mpxl`` sub-commands, one module each, found by :mod:`mpxl.cli`."""
