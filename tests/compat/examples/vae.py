#!/usr/bin/env python
"""Variational autoencoder on MNIST: the structure of Chainer v7's
``examples/vae`` (``train_vae.py`` and ``net.py``), with the encoder, decoder and
prior as ``chainer.distributions`` objects and the loss as a Chain.
"""
import argparse
import os

import numpy as np

import chainer
import chainer.distributions as D
import chainer.functions as F
import chainer.links as L
from chainer import reporter
from chainer import training
from chainer.training import extensions


class AvgELBOLoss(chainer.Chain):
    """Minus the evidence lower bound per example, estimated with ``k`` samples of z.

    Reports the loss and its two terms: the expected log-likelihood of the input
    ('reconstr') and the KL divergence from the prior ('kl_penalty').
    """

    def __init__(self, encoder, decoder, prior, beta=1.0, k=1):
        super(AvgELBOLoss, self).__init__()
        self.beta = beta
        self.k = k
        with self.init_scope():
            self.encoder = encoder
            self.decoder = decoder
            self.prior = prior

    def forward(self, x):
        posterior = self.encoder(x)
        likelihood = self.decoder(posterior.sample(self.k))
        x_per_sample = F.broadcast_to(x[None, :], (self.k,) + x.shape)
        reconstr = F.mean(likelihood.log_prob(x_per_sample))
        kl_penalty = F.mean(chainer.kl_divergence(posterior, self.prior()))
        loss = self.beta * kl_penalty - reconstr
        reporter.report({'loss': loss, 'reconstr': reconstr, 'kl_penalty': kl_penalty}, self)
        return loss


class Encoder(chainer.Chain):
    """q(z | x): a diagonal Gaussian whose mean and log-scale come from an MLP."""

    def __init__(self, n_in, n_latent, n_h):
        super(Encoder, self).__init__()
        with self.init_scope():
            self.hidden = L.Linear(n_in, n_h)
            self.loc = L.Linear(n_h, n_latent)
            self.log_scale = L.Linear(n_h, n_latent)

    def forward(self, x):
        h = F.tanh(self.hidden(x))
        return D.Independent(D.Normal(loc=self.loc(h), log_scale=self.log_scale(h)))


class Decoder(chainer.Chain):
    """p(x | z): independent Bernoulli pixels.

    During training z carries a leading sample axis, hence two batch axes.
    """

    def __init__(self, n_in, n_latent, n_h, binary_check=False):
        super(Decoder, self).__init__()
        self.binary_check = binary_check
        with self.init_scope():
            self.hidden = L.Linear(n_latent, n_h)
            self.logit = L.Linear(n_h, n_in)

    def forward(self, z, inference=False):
        axes = 1 if inference else 2
        h = F.tanh(self.hidden(z, n_batch_axes=axes))
        logit = self.logit(h, n_batch_axes=axes)
        return D.Independent(D.Bernoulli(logit=logit, binary_check=self.binary_check),
                             reinterpreted_batch_ndims=1)


class Prior(chainer.Link):
    """p(z): a standard normal distribution, kept as persistent (not learned) arrays."""

    def __init__(self, n_latent):
        super(Prior, self).__init__()
        self.loc = np.zeros(n_latent, np.float32)
        self.scale = np.ones(n_latent, np.float32)
        self.register_persistent('loc')
        self.register_persistent('scale')

    def forward(self):
        return D.Independent(D.Normal(self.loc, scale=self.scale),
                             reinterpreted_batch_ndims=1)


def main():
    parser = argparse.ArgumentParser(description='Chainer example: VAE')
    parser.add_argument('--initmodel', '-m', type=str)
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--out', '-o', default='results')
    parser.add_argument('--epoch', '-e', default=100, type=int)
    parser.add_argument('--dim-z', '-z', default=20, type=int)
    parser.add_argument('--dim-h', default=500, type=int)
    parser.add_argument('--beta', default=1.0, type=float)
    parser.add_argument('--k', '-k', default=1, type=int)
    parser.add_argument('--batch-size', '-b', type=int, default=100)
    parser.add_argument('--test-size', type=int, default=None,
                        help='use only the first N examples of each split')
    parser.add_argument('--binary', action='store_true')
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()

    encoder = Encoder(784, args.dim_z, args.dim_h)
    decoder = Decoder(784, args.dim_z, args.dim_h, binary_check=args.binary)
    prior = Prior(args.dim_z)
    avg_elbo_loss = AvgELBOLoss(encoder, decoder, prior, beta=args.beta, k=args.k)
    avg_elbo_loss.to_device(device)

    optimizer = chainer.optimizers.Adam()
    optimizer.setup(avg_elbo_loss)
    if args.initmodel is not None:
        chainer.serializers.load_npz(args.initmodel, avg_elbo_loss)

    train, test = chainer.datasets.get_mnist(withlabel=False)
    if args.binary:
        train = (train >= 0.5).astype(np.float32)
        test = (test >= 0.5).astype(np.float32)
    if args.test_size:
        train, _ = chainer.datasets.split_dataset(train, args.test_size)
        test, _ = chainer.datasets.split_dataset(test, args.test_size)

    train_iter = chainer.iterators.SerialIterator(train, args.batch_size)
    test_iter = chainer.iterators.SerialIterator(test, args.batch_size,
                                                 repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(
        train_iter, optimizer, device=device, loss_func=avg_elbo_loss)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    trainer.extend(extensions.Evaluator(test_iter, avg_elbo_loss, device=device))
    trainer.extend(extensions.DumpGraph('main/loss'))
    trainer.extend(extensions.snapshot(), trigger=(args.epoch, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/reconstr',
         'main/kl_penalty', 'elapsed_time']))
    trainer.extend(extensions.ProgressBar())
    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()

    # Reconstruct a few training images and draw new ones from the prior.
    avg_elbo_loss.to_cpu()
    x = chainer.Variable(np.asarray(train[[0, 1, 2]]))
    with chainer.using_config('train', False), chainer.no_backprop_mode():
        reconstructed = decoder(encoder(x).mean, inference=True).mean
        sampled = decoder(prior().sample(9), inference=True).mean
    np.save(os.path.join(args.out, 'reconstructed.npy'), reconstructed.array)
    np.save(os.path.join(args.out, 'sampled.npy'), sampled.array)


if __name__ == '__main__':
    main()
