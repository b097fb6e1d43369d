"""Whole-step capture: a training step replayed as straight-line array code.

``@static_graph`` replays a chain's forward; the loss, cleargrads, the backprop driver
and the optimizer's update around it still run define-by-run, and in a small model
they cost more than the forward. :func:`capture_step` captures all of it: the step
``optimizer.update(lossfun, *args)`` (forward and loss, gradient clearing, backward,
the update rule of every parameter and what ``lossfun`` reports) for a kind of call
(the arrays' shapes, dtypes and devices, the other arguments, ``config.train``).

The first two steps of a kind run define-by-run while the functions ``lossfun``
applies are traced (reusing ``static_graph``'s tracing); when both traces agree,
later steps run the generated forward and array backward of the schedule and then
the update rules on the parameters' arrays, without Variables, graph nodes, per-op
checks or the optimizer's per-step walks. Parameters, gradients, optimizer state and
reported values are those define-by-run gives, bit for bit: the same functions run
in the same order on the same arrays, and the update rules are the optimizer's own,
reading their hyperparameters (and hooks, which send a step through
``optimizer.update``) on every step.

What cannot be captured runs define-by-run, with one :class:`CaptureWarning` naming
the reason: two traces applying different functions, values of the step read on the
host by its code (see ``_host_reads``), a Variable coming from outside the step,
values reported that are not Variables, function hooks, debug mode, loss scaling, or
no backprop.
"""

import copy
import threading
import warnings

import numpy

from kusari import backend, core, reporter
from kusari import optimizer as optimizer_module
from kusari.graph_optimizations import _codegen, _host_reads
from kusari.graph_optimizations import static_graph as _sg
from kusari.configuration import config


class CaptureWarning(UserWarning):
    """A step that :func:`capture_step` runs define-by-run, and why."""


_ndarray = numpy.ndarray
_FALLBACK = object()  # the schedule entry of a kind of step that runs define-by-run


class _StepTrace(_sg._Trace):
    """A trace of ``lossfun`` that notes, instead of raising, what makes the step
    impossible to replay, so that the define-by-run step it watches completes; and
    records the values reported."""

    def __init__(self, input_arrays, verbosity_level):
        super().__init__(input_arrays, verbosity_level)
        self.failure = None
        self.reports = []  # (observer, keys, values)

    def observe(self, node, inputs, apply):
        if not self.depth:
            inputs = _host_reads.admit(self, node, inputs)
        return super().observe(node, inputs, apply)

    def record_node(self, node, pre_state, inputs, outputs):
        if self.failure is None:
            try:
                super().record_node(node, pre_state, inputs, outputs)
            except RuntimeError as error:
                self.failure = str(error)

    def append_function(self, func, args, kwargs, func_name=None):
        if not self.depth:
            args, kwargs = _host_reads.admit_arguments(self, args, kwargs)
        if self.failure is not None:
            return func(*args, **kwargs)
        return super().append_function(func, args, kwargs, func_name)

    def record_report(self, values, observer):
        for value in values.values():
            if not isinstance(value, core.Variable):
                self.failure = self.failure or (
                    'a value reported is a {}, not a Variable: it was read from the arrays '
                    'on the host'.format(type(value).__name__))
                return
        self.reports.append((observer, tuple(values), tuple(values.values())))


_original_report = reporter.Reporter.report


def _recording_report(self, values, observer=None):
    """``Reporter.report`` while a step is traced (every report goes through it)."""
    trace = _sg._traces.get(threading.get_ident())
    if type(trace) is _StepTrace and not trace.depth:
        trace.record_report(values, observer)
        values = {key: _host_reads.plain(value) for key, value in values.items()}
    return _original_report(self, values, observer)


def _run_traced(lossfun, args, kwargs, arrays, verbosity_level):
    """``lossfun(*args, **kwargs)`` define-by-run while its schedule is traced."""
    trace = _StepTrace(arrays, verbosity_level)
    with _sg.tracing(trace), _host_reads.watching(trace):
        with _sg._traces_lock:
            reporter.Reporter.report = _recording_report
        try:
            # static chains inside run define-by-run, so that their functions are traced
            with core.using_config('use_static_graph', False):
                result = lossfun(*args, **kwargs)
        finally:
            with _sg._traces_lock:
                if not any([type(other) is _StepTrace and other is not trace
                            for other in _sg._traces.values()]):
                    reporter.Reporter.report = _original_report
    return result, trace


def _loss_schedule(schedule):
    """The schedule as the backward from its first output (the loss) sees it: the
    functions the loss does not depend on (accuracy, values only reported) out of the
    graph, so that they need no backward."""
    creator = {}
    for number, step in enumerate(schedule.steps):
        for s in step.out_slots:
            creator[s] = number
    on_path = set()
    pending = [schedule.out_slots[0]]
    while pending:
        number = creator.get(pending.pop())
        if number is not None and number not in on_path:
            on_path.add(number)
            step = schedule.steps[number]
            pending.extend(step.in_slots if isinstance(step, _sg._NodeStep) else
                           [s for _, s in step.substitutions])
    steps = []
    for number, step in enumerate(schedule.steps):
        if step.in_graph and number not in on_path:
            step = copy.copy(step)
            step.in_graph = False
        steps.append(step)
    return _sg.StaticSchedule(steps, schedule.template, schedule.params,
                              schedule.out_slots[:1], schedule.meta, ())


class _Replay:
    """The captured step of one kind of call."""

    def __init__(self, schedule, reports, n_inputs, target_params):
        self.schedule = schedule
        self.n_inputs = n_inputs
        self.params = schedule.params
        captured = set(map(id, self.params))
        self.all_params = self.params + [p for p in target_params if id(p) not in captured]
        # reported values are the schedule's outputs after the loss
        self.reports = []
        position = 1
        for observer, keys, _ in reports:
            self.reports.append((observer, keys, range(position, position + len(keys))))
            position += len(keys)
        # ``step(arrays)`` replays a step: forward, reports, gradients; it returns the
        # loss array and whether every parameter of the target has a gradient
        self.on_arrays = _generate_step(self, _loss_schedule(schedule))
        self.step = self.on_arrays or self._through_graph

    def report(self, outputs):
        new_variable = core.Variable._new
        for observer, keys, positions in self.reports:
            reporter.report({key: new_variable(outputs[i], False)
                             for key, i in zip(keys, positions)}, observer)

    def _through_graph(self, arrays):
        """Where a function has no backward on arrays: the replay enters the graph as
        one node, and backprop runs the functions' backward over a graph of copies."""
        outputs = _sg.StaticScheduleFunction(self.schedule, True).apply(
            list(arrays) + self.schedule.params)
        for observer, keys, positions in self.reports:
            reporter.report({key: outputs[i] for key, i in zip(keys, positions)}, observer)
        for param in self.all_params:
            param.cleargrad()
        loss = outputs[0]
        loss.backward()
        return loss.array, all([param.grad_var is not None for param in self.all_params])


def _generate_step(replay, loss_schedule):
    """``step(A)``: the replay of a step on the call's arrays ``A`` in one function of
    straight-line code: the forward, the reports, the target's gradients cleared (before
    backward, as define-by-run: the memory of the old gradients serves the new ones),
    backward on arrays from the loss and each parameter's gradient set, each array
    owned by one parameter as backprop leaves them (core's ``_owned_gradient``: a view,
    an array met before or a read-only NumPy one is copied). Returns the loss and
    whether every parameter of the target has a gradient. None where a function on the
    way to the loss has no backward on arrays.

    One function with the slots in locals, the parameters as constants: 78-80 -> 75-76
    us a step (mlp_small_captured, in one process), where the forward, backward and
    setting of gradients were three functions passing lists of slots."""
    schedule, n = replay.schedule, replay.n_inputs
    namespace = {'REPORT': replay.report, 'ND': _ndarray,
                 'ONES_LIKE': lambda loss: backend.get_array_module(loss).ones_like(loss)}
    input_key = ([(0, False)] * n +
                 [(0, param.requires_grad) for param in replay.params])
    backward = _codegen._backward_lines(loss_schedule, input_key, namespace, ['seed'],
                                        slot='s{}', node_of='n{}')
    if backward is None:
        return None
    lines = ['{}, = A'.format(', '.join(['s{}'.format(i) for i in range(n)]))] if n else []
    for i, param in enumerate(replay.all_params):
        namespace['P{}'.format(i)] = param
    lines += ['s{} = P{}._array'.format(n + i, i) for i in range(len(replay.params))]
    defined = set(range(n + len(replay.params)))
    namespace['S'] = schedule.template  # (the constants)
    forward, _ = _codegen._forward_lines(schedule, namespace, defined)
    lines += forward
    outputs = [_codegen._read(s, lines, defined) for s in schedule.out_slots]
    # the arrays backward does not read go as soon as the forward ends, as a replay's
    transient = ['s{}'.format(s) for s in sorted(schedule.transient & defined)]
    if transient:
        lines.append(' = '.join(transient + ['None']))
    if replay.reports:
        lines.append('REPORT({})'.format(_codegen._tuple_source(outputs)))
    lines += ['P{}.cleargrad()'.format(i) for i in range(len(replay.all_params))]
    loss = outputs[0]
    loss_shape, loss_dtype = schedule.meta[schedule.out_slots[0]]
    if loss_shape == ():  # a copy of a 0-d one: numpy.ones costs 7 times more
        namespace['UNIT'] = numpy.ones((), loss_dtype)
        lines.append('seed = UNIT.copy() if type({0}) is ND else ONES_LIKE({0})'.format(loss))
    else:
        lines.append('seed = ONES_LIKE({})'.format(loss))
    lines += backward
    grads = []
    shapes = []
    for i in range(len(replay.params)):
        g, shape = 'g{}'.format(n + i), schedule.meta[n + i][0]
        # an array met before is another parameter's of the same shape (backward's
        # checks give each gradient its parameter's shape)
        met = ''.join([' or {} is {}'.format(g, other)
                       for other, other_shape in zip(grads, shapes) if other_shape == shape])
        lines += ['if {} is not None:'.format(g),
                  '    if {0}.base is not None{1} or (isinstance({0}, ND) and '
                  'not {0}.flags.writeable):'.format(g, met),
                  "        {0} = {0}.copy(order='K')".format(g),
                  '    P{}.grad_var = NEW({}, True)'.format(i, g)]
        grads.append(g)
        shapes.append(shape)
    namespace['NEW'] = core.Variable._new
    complete = ' and '.join(['{} is not None'.format(g) for g in grads])
    if len(replay.all_params) > len(replay.params) or not grads:
        complete = 'False'
    lines.append('return {}, {}'.format(loss, complete))
    return _codegen._compile(_codegen._function('step', 'A', lines), namespace, 'step')


def _update_on_host(rule):
    """The rule's update of a NumPy parameter that has a gradient, called without the
    dispatch of ``update_core`` and the test of ``_skip_without_grad`` (the replay
    knows both answers); None where the rule changes ``update_core``."""
    cls = type(rule)
    if rule is None or cls.update_core is not optimizer_module.UpdateRule.update_core:
        return None
    update = cls.update_core_cpu
    return getattr(update, '__wrapped__', update)


class CapturedStep:
    """``optimizer.update(lossfun, *args, **kwargs)``, captured; see :func:`capture_step`.

    Calling it runs one training step and returns the loss as a Variable (without a
    graph once steps are replayed).
    """

    def __init__(self, optimizer, lossfun, verbosity_level=0):
        self.optimizer = optimizer
        self.lossfun = lossfun
        self.verbosity_level = verbosity_level
        # kind of call -> the fingerprints of its first trace, its _Replay, or _FALLBACK
        self.schedules = {}
        self._warned = set()
        self._update_rules = None  # see _generate_update_rules

    def __call__(self, *args, **kwargs):
        cfg = config
        reason = None
        if core.get_function_hooks():
            reason = 'function hooks are active (they watch every function)'
        elif cfg.debug:
            reason = 'debug mode is on'
        elif not cfg.enable_backprop:
            reason = 'backprop is disabled'
        elif self.optimizer._loss_scale is not None:
            reason = 'the optimizer scales the loss'
        elif cfg.schedule_func is not None:
            reason = 'it was called inside a static chain or another captured step'
        if reason is not None:
            return self._define_by_run(reason, args, kwargs)
        # positional NumPy arrays, the common case: a key of their shapes and dtypes
        # without a comprehension (valgrind: 3,300 instructions less a step of two arrays)
        kinds = [cfg.train]
        for leaf in args:
            if type(leaf) is not _ndarray:
                kinds = None
                break
            kinds += leaf.shape, leaf.dtype
        if kinds is None or kwargs:
            leaves = []
            structure = _sg._flatten((args, kwargs), leaves)
            arrays = [_sg._array_of(leaf) for leaf in leaves]
            key = (structure, cfg.train, tuple([(a.shape, a.dtype, type(a)) for a in arrays]))
        else:
            leaves = arrays = list(args)
            structure = len(args)
            key = tuple(kinds)
        if len(arrays) > 1 and len(set(map(id, arrays))) < len(arrays):
            key += _sg._aliasing(arrays)
        entry = self.schedules.get(key)
        if type(entry) is _Replay:
            loss, complete = entry.step(arrays)
            # the optimizer's update (inline: a call costs 0.1 us a step)
            optimizer = self.optimizer
            if (not complete or optimizer._hooks or optimizer._loss_scaling_is_dynamic
                    or not (self._update_rules or self._generated_update_rules())(optimizer)):
                optimizer.update()
            return core.Variable._new(loss, False)
        if entry is _FALLBACK:
            return self._define_by_run(None, args, kwargs)
        return self._trace(key, entry, leaves, structure, arrays)

    def _define_by_run(self, reason, args, kwargs):
        if reason is not None:
            self._warn_once(reason)
        losses = []
        lossfun = self.lossfun

        def keep_loss(*args, **kwargs):
            loss = lossfun(*args, **kwargs)
            losses.append(loss)
            return loss

        self.optimizer.update(keep_loss, *args, **kwargs)
        return losses[0]

    def _trace(self, key, entry, leaves, structure, arrays):
        """A define-by-run step, traced; the second of a kind also builds the replay."""
        # as static_graph does, the traced code sees arrays as Variables, so that what it
        # computes from them goes through functions the trace records
        wrapped = [leaf if isinstance(leaf, core.Variable) else core.Variable._new(leaf, False)
                   for leaf in leaves]
        if type(structure) is int:
            args, kwargs = tuple(wrapped), {}
        else:
            args, kwargs = _sg._unflatten(structure, wrapped)
        traced = []
        lossfun = self.lossfun

        def traced_lossfun():
            traced.append(_run_traced(lossfun, args, kwargs, arrays, self.verbosity_level))
            return traced[0][0]

        self.optimizer.update(traced_lossfun)
        loss, trace = traced[0]
        out_leaves = [loss] + [value for _, _, values in trace.reports for value in values]
        failure = trace.failure
        fingerprint = None
        if failure is None:
            fingerprint = (trace.fingerprint(out_leaves),
                           tuple([(id(observer), keys) for observer, keys, _ in trace.reports]))
            if entry is not None:
                difference = _sg._first_difference(entry[0], fingerprint[0])
                if difference or entry[1] != fingerprint[1]:
                    failure = ('two steps with arguments of the same kind applied different '
                               'functions ({}): it depends on the data'.format(
                                   difference or 'other reports'))
                else:
                    failure = _host_reads.changed_constant(entry[2], trace)
        if failure is not None:
            self.schedules[key] = _FALLBACK
            self._warn_once(failure)
            return loss
        if entry is None:
            self.schedules[key] = (fingerprint[0], fingerprint[1], _host_reads.constants(trace))
            return loss
        schedule = trace.finish(out_leaves)
        replay = _Replay(schedule, trace.reports, len(arrays),
                         list(self.optimizer.target.params()))
        self.schedules[key] = replay
        if self.verbosity_level >= 1:
            print('capture_step: captured {} ({} functions) for arrays {}, train={}'.format(
                getattr(self.lossfun, '__qualname__', self.lossfun), len(schedule.steps),
                [(a.shape, a.dtype, type(a)) for a in arrays], config.train))
        return loss

    def _warn_once(self, reason):
        """One warning per reason (called two levels below ``__call__``)."""
        if reason not in self._warned:
            self._warned.add(reason)
            warnings.warn('capture_step: {} runs define-by-run: {}'.format(
                getattr(self.lossfun, '__qualname__', type(self.lossfun).__name__), reason),
                CaptureWarning, stacklevel=4)

    def _generated_update_rules(self):
        """The update rules called directly (see ``_generate_update_rules``) after a
        replay that gave every parameter a gradient, when nothing else of
        ``optimizer.update`` would act; else ``optimizer.update()`` runs."""
        self._update_rules = _generate_update_rules(self.optimizer)
        return self._update_rules


def _generate_update_rules(optimizer):
    """``update_rules(optimizer)``: the update rules of the optimizer's parameters, as
    ``GradientMethod.update`` calls them after its checks, for parameters that all have
    a gradient (the replay says so), in straight-line code; False (nothing done) where a
    check fails: a rule replaced, disabled, with hooks or without state, a parameter
    loss-scaled or moved to another device; always False where the optimizer or a rule
    has an update of its own.

    Straight-line code with the parameters and rules as constants, with the lending of
    ``_usual_hyperparams``: 28.8 -> 27.0 us for the update of six rules
    (mlp_small_captured; the NumPy arithmetic is about 23 us)."""
    params = list(optimizer.target.params())
    rules = [param.update_rule for param in params]
    if (type(optimizer).update is not optimizer_module.GradientMethod.update
            or any([rule is None or type(rule).update is not optimizer_module.UpdateRule.update
                    for rule in rules])):
        return lambda optimizer: False
    namespace = {'ND': _ndarray, 'LEND': _lend_resolved_hyperparams, 'RULES': rules,
                 'USUAL': None}
    checks, updates = [], []
    for i, (param, rule) in enumerate(zip(params, rules)):
        namespace['P{}'.format(i)], namespace['R{}'.format(i)] = param, rule
        checks.append(
            'P{0}.update_rule is not R{0} or not R{0}.enabled or R{0}._pre_update_hooks or '
            'R{0}._post_update_hooks or R{0}._use_fp32_update or R{0}._state is None or '
            'P{0}._loss_scale is not None or '
            'R{0}._state_array_type is not type(P{0}._array)'.format(i))
        updates.append('R{}.t += 1'.format(i))
        on_host = _update_on_host(rule)
        if on_host is None:
            updates.append('R{0}.update_core(P{0})'.format(i))
        else:
            namespace['U{}'.format(i)] = on_host
            updates += ['if R{0}._state_array_type is ND: U{0}(R{0}, P{0})'.format(i),
                        'else: R{0}.update_core(P{0})'.format(i)]
    # the rules read their hyperparameters resolved for this step: a value found in a
    # parent costs a failed lookup each time (in Adam's update, a sixth of its time)
    usual = _usual_hyperparams(rules, namespace)
    indented = _codegen._indented
    give_back = ['for rule, hyperparam in reversed(lent):  # reversed: a rule met twice',
                 '    rule.hyperparam = hyperparam']
    if usual is None:
        lend = ['lent = []']
    else:
        test, lend_usual, give_back_usual = usual
        lend = (['if {}:'.format(test)] + indented(lend_usual + ['lent = USUAL']) +
                ['else:', '    lent = []'])
        give_back = (['if lent is USUAL:'] + indented(give_back_usual) +
                     ['else:'] + indented(give_back))
    body = (['if {}: return False'.format(check) for check in checks] +
            ['optimizer.t += 1'] + lend +
            ['try:'] + indented(['if lent is not USUAL: LEND(RULES, lent)'] + updates) +
            ['finally:'] + indented(give_back) +
            ['return True'])
    return _codegen._compile(_codegen._function('update_rules', 'optimizer', body),
                             namespace, 'update_rules')


def _usual_hyperparams(rules, namespace):
    """Where every rule has a Hyperparameter of nothing of its own below a parent
    without parent (as optimizers make them): the test that they still have, and the
    statements lending each rule its parent and giving its own back, as source with
    their constants put in ``namespace`` (and ``USUAL``, standing for the rules lent);
    else None.

    In straight-line code on constants, lending and giving back cost half of
    ``_lend_resolved_hyperparams``'s general walk: 1.27 -> 0.61 us a step of six rules
    (mlp_small_captured)."""
    tests, lend, give_back, parents = [], [], [], {}
    for i, rule in enumerate(rules):
        own = rule.hyperparam.__dict__
        parent = own.get('_parent')
        if len(own) != 1 or parent is None or parent.__dict__.get('_parent') is not None:
            return None
        number = parents.setdefault(id(parent), len(parents))
        namespace['PH{}'.format(number)] = parent
        namespace['PD{}'.format(number)] = parent.__dict__
        namespace['H{}'.format(i)] = rule.hyperparam
        namespace['E{}'.format(i)] = {'_parent': parent}
        # the same Hyperparameter, still holding only the parent (`==` on the dict
        # compares its one value by identity)
        tests.append('R{0}.hyperparam is H{0} and H{0}.__dict__ == E{0}'.format(i))
        lend.append('R{}.hyperparam = PH{}'.format(i, number))
        give_back.append('R{0}.hyperparam = H{0}'.format(i))
    tests += ["PD{}.get('_parent') is None".format(number) for number in range(len(parents))]
    namespace['USUAL'] = []
    return ' and '.join(tests), lend, give_back


def _lend_resolved_hyperparams(rules, lent):
    """Give each rule its hyperparameters resolved (see ``_resolved``); appends to
    ``lent`` each (rule, its own hyperparameters), for the caller to give back."""
    resolved = {}
    for rule in rules:
        hyperparam = rule.hyperparam
        flat = resolved.get(id(hyperparam)) or _resolved(hyperparam, resolved)
        if flat is not hyperparam:
            rule.hyperparam = flat
            lent.append((rule, hyperparam))


def _resolved(hyperparam, resolved):
    """``hyperparam`` as a Hyperparameter without parent holding every value it reads
    now (itself when it has no parent); ``resolved`` maps ids of those already resolved
    to their result."""
    own = hyperparam.__dict__
    parent = own['_parent']
    if parent is None:
        flat = hyperparam
    elif len(own) == 1:  # nothing of its own: the parent's
        flat = resolved.get(id(parent)) or _resolved(parent, resolved)
    else:
        flat = optimizer_module.Hyperparameter()
        flat.__dict__.update(_resolved(parent, resolved).__dict__)
        flat.__dict__.update(own)
        flat.__dict__['_parent'] = None
    resolved[id(hyperparam)] = flat
    return flat


def capture_step(optimizer, lossfun=None, *, verbosity_level=0):
    """Capture the training step ``optimizer.update(lossfun, *args, **kwargs)``.

    Returns a :class:`CapturedStep`; calling it with ``lossfun``'s arguments runs one
    step and returns the loss. Used as a decorator, ``capture_step(optimizer)`` wraps
    the loss function of a custom training loop::

        @capture_step(optimizer)
        def train_step(x, t):
            return model(x, t)          # e.g. an L.Classifier: reports are replayed too

        for x, t in batches:
            loss = train_step(x, t)     # forward, cleargrads, backward and update

    ``StandardUpdater(..., capture=True)`` does the same for a Trainer.

    The first two steps of each kind of call (shapes, dtypes and devices of the
    arrays, the other arguments, ``config.train``) run define-by-run and are traced;
    later ones replay the captured step. A ``lossfun`` that applies other functions
    from call to call, or reads the arrays' values on the host (``float(loss.array)``,
    ``if h.array.max() > 1:``), runs define-by-run; Python code in it runs only while
    tracing (mark code to run on every step with
    :func:`~kusari.graph_optimizations.static_code`). The returned loss of a
    replayed step has no graph. Parameter arrays, optimizer state and hyperparameters
    are read on every step, so copying or loading parameters, snapshots and changes of
    the learning rate work as without capture. Steps that cannot be captured run
    define-by-run with one :class:`CaptureWarning`.

    Args:
        optimizer (~kusari.Optimizer): the optimizer, set up with its target link.
        lossfun (callable): the function computing the loss (None: decorator use).
        verbosity_level (int): 1 reports each capture.
    """
    if lossfun is None:
        return lambda lossfun: CapturedStep(optimizer, lossfun, verbosity_level)
    return CapturedStep(optimizer, lossfun, verbosity_level)
