import pytest

from kusari import utils


class Base(utils.enable_final()):

    @utils.final
    def locked(self):
        return 1

    @utils.final(action=UserWarning)
    def discouraged(self):
        return 2

    def free(self):
        return 3


def test_overriding_a_final_method_raises():
    with pytest.raises(TypeError, match="method 'locked' is final"):
        class Child(Base):
            def locked(self):
                return 0


def test_overriding_with_a_warning_action_warns():
    with pytest.warns(UserWarning, match="Overriding method 'discouraged'"):
        class Child(Base):
            def discouraged(self):
                return 0
    assert Child().discouraged() == 0


def test_other_methods_and_bases():
    class Child(Base):
        def free(self):
            return 4
    assert (Child().locked(), Child().free()) == (1, 4)

    class Meta(type):
        pass
    with_meta = utils.enable_final(base=(object,), meta_base=Meta)
    assert isinstance(with_meta, Meta)
