"""Tests of the in-browser play page (docs/play); a package, so that this folder's
conftest.py does not clash with tests/conftest.py under --doctest-modules."""
