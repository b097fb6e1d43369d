"""Loss functions."""

from kusari.functions.loss.absolute_error import absolute_error
from kusari.functions.loss.contrastive import contrastive
from kusari.functions.loss.cross_covariance import cross_covariance
from kusari.functions.loss.ctc import connectionist_temporal_classification
from kusari.functions.loss.decov import decov
from kusari.functions.loss.discriminative_loss import discriminative_margin_based_clustering_loss
from kusari.functions.loss.hinge import hinge
from kusari.functions.loss.huber_loss import huber_loss
from kusari.functions.loss.mean_absolute_error import mean_absolute_error
from kusari.functions.loss.mean_squared_error import mean_squared_error
from kusari.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy
from kusari.functions.loss.softmax_cross_entropy import softmax_cross_entropy
from kusari.functions.loss.squared_error import squared_error
from kusari.functions.loss.triplet import triplet
from kusari.functions.loss.vae import bernoulli_nll, gaussian_kl_divergence, gaussian_nll

__all__ = [
    'absolute_error', 'bernoulli_nll', 'connectionist_temporal_classification', 'contrastive',
    'cross_covariance', 'decov', 'discriminative_margin_based_clustering_loss',
    'gaussian_kl_divergence', 'gaussian_nll', 'hinge', 'huber_loss', 'mean_absolute_error', 'mean_squared_error', 'sigmoid_cross_entropy',
    'softmax_cross_entropy', 'squared_error', 'triplet',
]
