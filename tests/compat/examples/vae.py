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
    """The negative evidence lower bound, averaged over the batch."""

    def __init__(self, encoder, decoder, prior, beta=1.0, k=1):
        super(AvgELBOLoss, self).__init__()
        self.beta = beta
        self.k = k
        with self.init_scope():
            self.encoder = encoder
            self.decoder = decoder
            self.prior = prior

    def forward(self, x):
        q_z = self.encoder(x)
        z = q_z.sample(self.k)
        p_x = self.decoder(z)
        p_z = self.prior()
        reconstr = F.mean(p_x.log_prob(
            F.broadcast_to(x[None, :], (self.k,) + x.shape)))
        kl_penalty = F.mean(chainer.kl_divergence(q_z, p_z))
        loss = - (reconstr - self.beta * kl_penalty)
        reporter.report({'loss': loss}, self)
        reporter.report({'reconstr': reconstr}, self)
        reporter.report({'kl_penalty': kl_penalty}, self)
        return loss


class Encoder(chainer.Chain):

    def __init__(self, n_in, n_latent, n_h):
        super(Encoder, self).__init__()
        with self.init_scope():
            self.linear = L.Linear(n_in, n_h)
            self.mu = L.Linear(n_h, n_latent)
            self.ln_sigma = L.Linear(n_h, n_latent)

    def forward(self, x):
        h = F.tanh(self.linear(x))
        mu = self.mu(h)
        ln_sigma = self.ln_sigma(h)  # log(sigma)
        return D.Independent(D.Normal(loc=mu, log_scale=ln_sigma))


class Decoder(chainer.Chain):

    def __init__(self, n_in, n_latent, n_h, binary_check=False):
        super(Decoder, self).__init__()
        self.binary_check = binary_check
        with self.init_scope():
            self.linear = L.Linear(n_latent, n_h)
            self.output = L.Linear(n_h, n_in)

    def forward(self, z, inference=False):
        n_batch_axes = 1 if inference else 2
        h = F.tanh(self.linear(z, n_batch_axes=n_batch_axes))
        h = self.output(h, n_batch_axes=n_batch_axes)
        return D.Independent(
            D.Bernoulli(logit=h, binary_check=self.binary_check),
            reinterpreted_batch_ndims=1)


class Prior(chainer.Link):

    def __init__(self, n_latent):
        super(Prior, self).__init__()
        self.loc = np.zeros(n_latent, np.float32)
        self.scale = np.ones(n_latent, np.float32)
        self.register_persistent('loc')
        self.register_persistent('scale')

    def forward(self):
        return D.Independent(
            D.Normal(self.loc, scale=self.scale), reinterpreted_batch_ndims=1)


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
