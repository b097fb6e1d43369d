#!/usr/bin/env python
"""DCGAN on CIFAR-10: the structure of Chainer's ``examples/dcgan``
(``train_dcgan.py``, ``net.py``, ``updater.py``, ``visualize.py``).

``--ch`` sets the width of both networks (512 in the official example). The
image grid is saved as a NumPy array instead of a PNG, to need no imaging library.
"""
import argparse
import os

import numpy

import chainer
from chainer import Variable
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


def add_noise(device, h, sigma=0.2):
    """Gaussian noise on the discriminator's activations, in training only."""
    if not chainer.config.train:
        return h
    return h + sigma * device.xp.random.randn(*h.shape)


class Generator(chainer.Chain):
    """Uniform noise -> a linear layer -> four transposed convolutions -> RGB in [0, 1]."""

    def __init__(self, n_hidden, bottom_width=4, ch=512, wscale=0.02):
        super(Generator, self).__init__()
        self.n_hidden = n_hidden
        self.ch = ch
        self.bottom_width = bottom_width
        w = chainer.initializers.Normal(wscale)
        with self.init_scope():
            self.l0 = L.Linear(n_hidden, bottom_width * bottom_width * ch, initialW=w)
            self.bn0 = L.BatchNormalization(bottom_width * bottom_width * ch)
            # Each stage doubles the resolution and halves the channels.
            self.ups = chainer.ChainList(*[
                L.Deconvolution2D(ch // 2 ** i, ch // 2 ** (i + 1), 4, 2, 1, initialW=w)
                for i in range(3)])
            self.up_bns = chainer.ChainList(*[
                L.BatchNormalization(ch // 2 ** (i + 1)) for i in range(3)])
            self.to_rgb = L.Deconvolution2D(ch // 8, 3, 3, 1, 1, initialW=w)

    def make_hidden(self, batchsize):
        shape = (batchsize, self.n_hidden, 1, 1)
        return numpy.random.uniform(-1, 1, shape).astype(chainer.get_dtype())

    def forward(self, z):
        h = F.relu(self.bn0(self.l0(z)))
        h = F.reshape(h, (len(z), self.ch, self.bottom_width, self.bottom_width))
        for up, bn in zip(self.ups, self.up_bns):
            h = F.relu(bn(up(h)))
        return F.sigmoid(self.to_rgb(h))


class Discriminator(chainer.Chain):
    """Noisy convolutions (stride 1 then 2, three times) and a linear score."""

    def __init__(self, bottom_width=4, ch=512, wscale=0.02):
        super(Discriminator, self).__init__()
        w = chainer.initializers.Normal(wscale)
        # (in, out, ksize, stride, batch-normalized) of each convolution.
        plan = [(3, ch // 8, 3, 1, False), (ch // 8, ch // 4, 4, 2, True),
                (ch // 4, ch // 4, 3, 1, True), (ch // 4, ch // 2, 4, 2, True),
                (ch // 2, ch // 2, 3, 1, True), (ch // 2, ch, 4, 2, True),
                (ch, ch, 3, 1, True)]
        with self.init_scope():
            self.convs = chainer.ChainList(*[
                L.Convolution2D(n_in, n_out, k, stride, 1, initialW=w)
                for n_in, n_out, k, stride, _ in plan])
            self.bns = chainer.ChainList(*[
                L.BatchNormalization(n_out, use_gamma=False)
                for _, n_out, _, _, normalized in plan if normalized])
            self.score = L.Linear(bottom_width * bottom_width * ch, 1, initialW=w)
        self.normalized = [normalized for *_, normalized in plan]

    def forward(self, x):
        device = self.device
        h = add_noise(device, x)
        bns = iter(self.bns)
        for conv, normalized in zip(self.convs, self.normalized):
            h = conv(h)
            if normalized:
                h = next(bns)(h)
            h = F.leaky_relu(add_noise(device, h))
        return self.score(h)


class DCGANUpdater(chainer.training.updaters.StandardUpdater):
    """One discriminator and one generator step per batch of real images."""

    def __init__(self, *args, **kwargs):
        self.gen, self.dis = kwargs.pop('models')
        super(DCGANUpdater, self).__init__(*args, **kwargs)

    def loss_dis(self, dis, y_fake, y_real):
        # Softplus losses: -log sigmoid(real) and -log(1 - sigmoid(fake)), batch means.
        loss = (F.sum(F.softplus(-y_real)) + F.sum(F.softplus(y_fake))) / len(y_fake)
        chainer.report({'loss': loss}, dis)
        return loss

    def loss_gen(self, gen, y_fake):
        loss = F.sum(F.softplus(-y_fake)) / len(y_fake)
        chainer.report({'loss': loss}, gen)
        return loss

    def update_core(self):
        batch = self.get_iterator('main').next()
        x_real = Variable(self.converter(batch, self.device)) / 255.
        z = Variable(self.device.xp.asarray(self.gen.make_hidden(len(batch))))
        y_real = self.dis(x_real)
        y_fake = self.dis(self.gen(z))
        self.get_optimizer('dis').update(self.loss_dis, self.dis, y_fake, y_real)
        self.get_optimizer('gen').update(self.loss_gen, self.gen, y_fake)


def out_generated_image(gen, dis, rows, cols, seed, dst):
    """An extension saving a rows x cols grid of generated images (same noise each time)."""

    @chainer.training.make_extension()
    def make_image(trainer):
        numpy.random.seed(seed)
        z = Variable(gen.xp.asarray(gen.make_hidden(rows * cols)))
        numpy.random.seed()
        with chainer.using_config('train', False):
            images = chainer.backends.cuda.to_cpu(gen(z).array)
        pixels = numpy.clip(images * 255, 0, 255).astype(numpy.uint8)
        _, _, height, width = pixels.shape
        grid = pixels.reshape(rows, cols, 3, height, width).transpose(0, 3, 1, 4, 2)
        directory = os.path.join(dst, 'preview')
        os.makedirs(directory, exist_ok=True)
        numpy.save(os.path.join(directory, 'image{:08d}.npy'.format(
            trainer.updater.iteration)), grid.reshape(rows * height, cols * width, 3))

    return make_image


def main():
    parser = argparse.ArgumentParser(description='Chainer example: DCGAN')
    parser.add_argument('--batchsize', '-b', type=int, default=50)
    parser.add_argument('--epoch', '-e', type=int, default=1000)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--dataset', '-i', default='')
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--n_hidden', '-n', type=int, default=100)
    parser.add_argument('--ch', type=int, default=512)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--snapshot_interval', type=int, default=1000)
    parser.add_argument('--display_interval', type=int, default=100)
    parser.add_argument('--iterations', type=int, default=None,
                        help='stop after this many iterations instead of --epoch')
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()

    gen = Generator(n_hidden=args.n_hidden, ch=args.ch)
    dis = Discriminator(ch=args.ch)
    gen.to_device(device)
    dis.to_device(device)

    def make_optimizer(model, alpha=0.0002, beta1=0.5):
        optimizer = chainer.optimizers.Adam(alpha=alpha, beta1=beta1)
        optimizer.setup(model)
        optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(0.0001), 'hook_dec')
        return optimizer

    opt_gen = make_optimizer(gen)
    opt_dis = make_optimizer(dis)

    if args.dataset == '':
        train, _ = chainer.datasets.get_cifar10(withlabel=False, scale=255.)
    else:
        all_files = os.listdir(args.dataset)
        image_files = [f for f in all_files if ('png' in f or 'jpg' in f)]
        train = chainer.datasets.ImageDataset(paths=image_files, root=args.dataset)

    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    updater = DCGANUpdater(models=(gen, dis), iterator=train_iter,
                           optimizer={'gen': opt_gen, 'dis': opt_dis}, device=device)
    stop = (args.iterations, 'iteration') if args.iterations else (args.epoch, 'epoch')
    trainer = training.Trainer(updater, stop, out=args.out)

    snapshot_interval = (args.snapshot_interval, 'iteration')
    display_interval = (args.display_interval, 'iteration')
    trainer.extend(extensions.snapshot(filename='snapshot_iter_{.updater.iteration}.npz'),
                   trigger=snapshot_interval)
    trainer.extend(extensions.snapshot_object(gen, 'gen_iter_{.updater.iteration}.npz'),
                   trigger=snapshot_interval)
    trainer.extend(extensions.snapshot_object(dis, 'dis_iter_{.updater.iteration}.npz'),
                   trigger=snapshot_interval)
    trainer.extend(extensions.LogReport(trigger=display_interval))
    trainer.extend(extensions.PrintReport(['epoch', 'iteration', 'gen/loss', 'dis/loss']),
                   trigger=display_interval)
    trainer.extend(extensions.ProgressBar(update_interval=10))
    trainer.extend(out_generated_image(gen, dis, 2, 2, args.seed, args.out),
                   trigger=snapshot_interval)

    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()


if __name__ == '__main__':
    main()
