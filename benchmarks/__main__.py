"""Entry point of ``python -m benchmarks``."""

from benchmarks.runner import main

if __name__ == '__main__':
    raise SystemExit(main())
