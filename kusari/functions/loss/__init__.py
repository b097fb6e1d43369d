"""Loss functions."""

from kusari.functions.loss.absolute_error import absolute_error
from kusari.functions.loss.black_out import black_out
from kusari.functions.loss.contrastive import contrastive
from kusari.functions.loss.crf1d import argmax_crf1d, crf1d
from kusari.functions.loss.cross_covariance import cross_covariance
from kusari.functions.loss.ctc import connectionist_temporal_classification
from kusari.functions.loss.decov import decov
from kusari.functions.loss.discriminative_loss import discriminative_margin_based_clustering_loss
from kusari.functions.loss.hinge import hinge
from kusari.functions.loss.huber_loss import huber_loss
from kusari.functions.loss.mean_absolute_error import mean_absolute_error
from kusari.functions.loss.mean_squared_error import mean_squared_error
from kusari.functions.loss.negative_sampling import negative_sampling
from kusari.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy
from kusari.functions.loss.softmax_cross_entropy import softmax_cross_entropy
from kusari.functions.loss.squared_error import squared_error
from kusari.functions.loss.triplet import triplet
from kusari.functions.loss.vae import bernoulli_nll, gaussian_kl_divergence, gaussian_nll

__all__ = [
    'absolute_error', 'argmax_crf1d', 'bernoulli_nll', 'black_out',
    'connectionist_temporal_classification', 'contrastive', 'crf1d', 'cross_covariance',
    'decov', 'discriminative_margin_based_clustering_loss', 'gaussian_kl_divergence',
    'gaussian_nll', 'hinge', 'huber_loss', 'mean_absolute_error', 'mean_squared_error',
    'negative_sampling', 'sigmoid_cross_entropy', 'softmax_cross_entropy', 'squared_error',
    'triplet',
]
