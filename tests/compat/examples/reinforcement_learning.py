#!/usr/bin/env python
"""DQN and DDPG: the structure of Chainer's ``examples/reinforcement_learning``
(``dqn_cartpole.py`` and ``ddpg_pendulum.py``) without OpenAI Gym.

Two tiny environments with Gym's interface stand in for CartPole and Pendulum:
``Corridor`` (discrete actions: walk left or right to the goal at the right
end) and ``PointMass`` (a continuous push towards the origin).
"""
import argparse
import collections
import copy
import os
import random

import numpy as np

import chainer
from chainer import functions as F
from chainer import links as L
from chainer import optimizers


class Box(object):
    def __init__(self, low, high):
        self.low = np.asarray(low, np.float32)
        self.high = np.asarray(high, np.float32)


class Discrete(object):
    def __init__(self, n):
        self.n = n

    def sample(self):
        return np.random.randint(self.n)


class Corridor(object):
    """Cells 0..n-1 observed one-hot; reward 1 on reaching the last cell."""

    timestep_limit = 20

    def __init__(self, n=5):
        self.n = n
        self.observation_space = Box(np.zeros(n), np.ones(n))
        self.action_space = Discrete(2)

    def _observe(self):
        obs = np.zeros(self.n, np.float32)
        obs[self.position] = 1
        return obs

    def reset(self):
        self.position = 0
        return self._observe()

    def step(self, action):
        self.position = min(max(self.position + (1 if action == 1 else -1), 0), self.n - 1)
        done = self.position == self.n - 1
        return self._observe(), float(done), done, {}


class PointMass(object):
    """Position and velocity; the action is a force in [-1, 1]; reward -x^2."""

    timestep_limit = 30

    def __init__(self):
        self.observation_space = Box([-5, -5], [5, 5])
        self.action_space = Box([-1], [1])

    def reset(self):
        self.state = np.random.uniform(-1, 1, 2).astype(np.float32)
        return self.state.copy()

    def step(self, action):
        x, v = self.state
        v = 0.9 * v + 0.1 * float(np.clip(action[0], -1, 1))
        x = x + 0.1 * v
        self.state = np.array([x, v], np.float32)
        return self.state.copy(), -x * x, False, {}


# DQN ----------------------------------------------------------------------

class QFunction(chainer.Chain):

    def __init__(self, obs_size, n_actions, n_units=100):
        super(QFunction, self).__init__()
        with self.init_scope():
            self.l0 = L.Linear(obs_size, n_units)
            self.l1 = L.Linear(n_units, n_units)
            self.l2 = L.Linear(n_units, n_actions)

    def forward(self, x):
        return self.l2(F.relu(self.l1(F.relu(self.l0(x)))))


def greedy_action(Q, obs):
    obs = Q.xp.asarray(obs[None], dtype=np.float32)
    with chainer.no_backprop_mode():
        q = Q(obs).array[0]
    return int(q.argmax())


def dqn_update(Q, target_Q, opt, samples, gamma=0.99, target_type='double_dqn'):
    xp = Q.xp
    obs = xp.asarray([s[0] for s in samples], dtype=np.float32)
    action = xp.asarray([s[1] for s in samples], dtype=np.int32)
    reward = xp.asarray([s[2] for s in samples], dtype=np.float32)
    done = xp.asarray([s[3] for s in samples], dtype=np.float32)
    obs_next = xp.asarray([s[4] for s in samples], dtype=np.float32)
    y = F.select_item(Q(obs), action)  # Q(s, a) of the actions taken
    with chainer.no_backprop_mode():
        if target_type == 'dqn':
            next_q = F.max(target_Q(obs_next), axis=1)
        else:
            next_q = F.select_item(target_Q(obs_next), F.argmax(Q(obs_next), axis=1))
        target = reward + gamma * (1 - done) * next_q
    loss = F.mean(F.huber_loss(y, target, delta=1.0, reduce='no'))
    Q.cleargrads()
    loss.backward()
    opt.update()
    return float(loss.array)


def run_dqn(args, device):
    env = Corridor()
    Q = QFunction(env.observation_space.low.size, env.action_space.n, n_units=args.unit)
    Q.to_device(device)
    target_Q = copy.deepcopy(Q)
    opt = optimizers.Adam(eps=1e-2)
    opt.setup(Q)

    D = collections.deque(maxlen=10 ** 6)
    returns = collections.deque(maxlen=100)
    iteration = 0
    for episode in range(args.episodes):
        obs = env.reset()
        done = False
        R = 0.0
        timestep = 0
        while not done and timestep < env.timestep_limit:
            epsilon = 1.0 if len(D) < args.replay_start_size else max(
                args.min_epsilon, np.interp(iteration, [0, args.iterations_to_decay_epsilon],
                                            [1.0, args.min_epsilon]))
            if np.random.rand() < epsilon:
                action = env.action_space.sample()
            else:
                action = greedy_action(Q, obs)
            new_obs, reward, done, _ = env.step(action)
            R += reward
            D.append((obs, action, reward, done, new_obs))
            obs = new_obs
            if len(D) >= args.replay_start_size:
                samples = random.sample(list(D), min(len(D), args.batch_size))
                dqn_update(Q, target_Q, opt, samples, target_type=args.target_type)
            if iteration % args.target_update_freq == 0:
                target_Q = copy.deepcopy(Q)
            iteration += 1
            timestep += 1
        returns.append(R)
        print('episode: {} iteration: {} R: {} average_R: {}'.format(
            episode, iteration, R, np.mean(returns)))
    return Q


# DDPG ---------------------------------------------------------------------

class CriticQ(chainer.Chain):

    def __init__(self, obs_size, action_size, n_units=100):
        super(CriticQ, self).__init__()
        with self.init_scope():
            self.l0 = L.Linear(obs_size + action_size, n_units)
            self.l1 = L.Linear(n_units, n_units)
            self.l2 = L.Linear(n_units, 1, initialW=chainer.initializers.HeNormal(1e-3))

    def forward(self, obs, action):
        h = F.concat((obs, action), axis=1)
        return self.l2(F.relu(self.l1(F.relu(self.l0(h)))))


class Policy(chainer.Chain):

    def __init__(self, obs_size, action_size, action_low, action_high, n_units=100):
        super(Policy, self).__init__()
        self.action_high = action_high
        self.action_low = action_low
        with self.init_scope():
            self.l0 = L.Linear(obs_size, n_units)
            self.l1 = L.Linear(n_units, n_units)
            self.l2 = L.Linear(n_units, action_size,
                               initialW=chainer.initializers.HeNormal(1e-3))

    def forward(self, x):
        h = F.relu(self.l1(F.relu(self.l0(x))))
        return squash(self.l2(h), self.xp.asarray(self.action_low),
                      self.xp.asarray(self.action_high))


def squash(x, low, high):
    """Maps R to [low, high] through tanh."""
    center = (high + low) / 2
    scale = (high - low) / 2
    return F.tanh(x) * scale + center


def soft_copy_params(source, target, tau):
    """target <- tau * source + (1 - tau) * target, parameter by parameter."""
    for s, t in zip(source.params(), target.params()):
        t.array[:] += tau * (s.array - t.array)


def ddpg_update(Q, policy, target_Q, target_policy, opt_Q, opt_policy, samples, gamma=0.99):
    xp = Q.xp
    obs = xp.asarray([s[0] for s in samples], dtype=np.float32)
    action = xp.asarray([s[1] for s in samples], dtype=np.float32)
    reward = xp.asarray([s[2] for s in samples], dtype=np.float32)
    done = xp.asarray([s[3] for s in samples], dtype=np.float32)
    obs_next = xp.asarray([s[4] for s in samples], dtype=np.float32)

    y = F.squeeze(Q(obs, action), axis=1)
    with chainer.no_backprop_mode():
        next_q = F.squeeze(target_Q(obs_next, target_policy(obs_next)), axis=1)
        target = reward + gamma * (1 - done) * next_q
    loss = F.mean_squared_error(y, target)
    Q.cleargrads()
    loss.backward()
    opt_Q.update()

    q = Q(obs, policy(obs))
    loss = - F.average(q)
    policy.cleargrads()
    loss.backward()
    opt_policy.update()


def run_ddpg(args, device):
    env = PointMass()
    obs_size = env.observation_space.low.size
    action_size = env.action_space.low.size
    Q = CriticQ(obs_size, action_size, n_units=args.unit)
    policy = Policy(obs_size, action_size, env.action_space.low, env.action_space.high,
                    n_units=args.unit)
    Q.to_device(device)
    policy.to_device(device)
    target_Q = copy.deepcopy(Q)
    target_policy = copy.deepcopy(policy)
    opt_Q = optimizers.Adam()
    opt_Q.setup(Q)
    opt_policy = optimizers.Adam(alpha=1e-4)
    opt_policy.setup(policy)

    D = collections.deque(maxlen=10 ** 6)
    for episode in range(args.episodes):
        obs = env.reset()
        R = 0.0
        for _ in range(env.timestep_limit):
            with chainer.no_backprop_mode():
                action = policy(policy.xp.asarray(obs[None])).array[0]
            action = chainer.backends.cuda.to_cpu(action)
            action = action + np.random.normal(scale=0.4, size=action.shape)
            action = np.clip(action, env.action_space.low, env.action_space.high)
            new_obs, reward, done, _ = env.step(action)
            R += reward
            D.append((obs, action.astype(np.float32), reward, done, new_obs))
            obs = new_obs
            if len(D) >= args.replay_start_size:
                samples = random.sample(list(D), min(len(D), args.batch_size))
                ddpg_update(Q, policy, target_Q, target_policy, opt_Q, opt_policy, samples)
                soft_copy_params(Q, target_Q, 1e-2)
                soft_copy_params(policy, target_policy, 1e-2)
        print('episode: {} R: {}'.format(episode, R))
    return policy


def main():
    parser = argparse.ArgumentParser(description='Chainer example: DQN and DDPG')
    parser.add_argument('--algorithm', choices=['dqn', 'ddpg'], default='dqn')
    parser.add_argument('--batch-size', '-b', type=int, default=64)
    parser.add_argument('--episodes', '-e', type=int, default=1000)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--unit', '-u', type=int, default=100)
    parser.add_argument('--target-type', default='dqn', choices=['dqn', 'double_dqn'])
    parser.add_argument('--replay-start-size', type=int, default=500)
    parser.add_argument('--iterations-to-decay-epsilon', type=int, default=5000)
    parser.add_argument('--min-epsilon', type=float, default=0.01)
    parser.add_argument('--target-update-freq', type=int, default=100)
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()
    model = run_dqn(args, device) if args.algorithm == 'dqn' else run_ddpg(args, device)
    if not os.path.exists(args.out):
        os.makedirs(args.out)
    chainer.serializers.save_npz(os.path.join(args.out, args.algorithm + '.npz'), model)


if __name__ == '__main__':
    main()
