"""Trainer extensions (Chainer's ``chainer.training.extensions``)."""

from kusari.training.extensions import snapshot_writers  # NOQA
from kusari.training.extensions._snapshot import snapshot, snapshot_object  # NOQA
from kusari.training.extensions.computational_graph import DumpGraph, dump_graph  # NOQA
from kusari.training.extensions.evaluator import Evaluator  # NOQA
from kusari.training.extensions.exponential_shift import ExponentialShift  # NOQA
from kusari.training.extensions.fail_on_nonnumber import FailOnNonNumber  # NOQA
from kusari.training.extensions.inverse_shift import InverseShift  # NOQA
from kusari.training.extensions.linear_shift import LinearShift  # NOQA
from kusari.training.extensions.log_report import LogReport  # NOQA
from kusari.training.extensions.micro_average import MicroAverage  # NOQA
from kusari.training.extensions.multistep_shift import MultistepShift  # NOQA
from kusari.training.extensions.parameter_statistics import ParameterStatistics  # NOQA
from kusari.training.extensions.plot_report import PlotReport  # NOQA
from kusari.training.extensions.polynomial_shift import PolynomialShift  # NOQA
from kusari.training.extensions.print_report import PrintReport  # NOQA
from kusari.training.extensions.progress_bar import ProgressBar  # NOQA
from kusari.training.extensions.step_shift import StepShift  # NOQA
from kusari.training.extensions.tensorboard_report import TensorBoardReport  # NOQA
from kusari.training.extensions.timeline_trace import TimelineTrace  # NOQA
from kusari.training.extensions.value_observation import observe_lr, observe_value  # NOQA
from kusari.training.extensions.variable_statistics_plot import VariableStatisticsPlot  # NOQA
from kusari.training.extensions.variable_unchain import unchain_variables  # NOQA
from kusari.training.extensions.warmup_shift import WarmupShift  # NOQA
