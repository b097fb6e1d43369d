"""Reports how many calls the property-based tests made (the README's table)."""


def pytest_terminal_summary(terminalreporter):
    from tests.reliability import _fuzz
    if _fuzz.CASES_RUN['cases']:
        terminalreporter.write_line('reliability: {} property-test calls of kusari.functions'
                                    .format(_fuzz.CASES_RUN['cases']))
