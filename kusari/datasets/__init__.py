"""General datasets (tuples, dicts, subsets, transforms, images, text) and loaders of the
standard benchmark datasets."""

from kusari.datasets.cifar import get_cifar10  # NOQA
from kusari.datasets.cifar import get_cifar100  # NOQA
from kusari.datasets.concatenated_dataset import ConcatenatedDataset  # NOQA
from kusari.datasets.dict_dataset import DictDataset  # NOQA
from kusari.datasets.digits import get_digits  # NOQA
from kusari.datasets.fashion_mnist import get_fashion_mnist  # NOQA
from kusari.datasets.fashion_mnist import get_fashion_mnist_labels  # NOQA
from kusari.datasets.image_dataset import ImageDataset  # NOQA
from kusari.datasets.image_dataset import LabeledImageDataset  # NOQA
from kusari.datasets.image_dataset import LabeledZippedImageDataset  # NOQA
from kusari.datasets.image_dataset import MultiZippedImageDataset  # NOQA
from kusari.datasets.image_dataset import ZippedImageDataset  # NOQA
from kusari.datasets.kuzushiji_mnist import get_kuzushiji_mnist  # NOQA
from kusari.datasets.kuzushiji_mnist import get_kuzushiji_mnist_labels  # NOQA
from kusari.datasets.mnist import find_mnist_directory  # NOQA
from kusari.datasets.mnist import get_mnist  # NOQA
from kusari.datasets.mnist import get_mnist_or_digits  # NOQA
from kusari.datasets.pickle_dataset import open_pickle_dataset  # NOQA
from kusari.datasets.pickle_dataset import open_pickle_dataset_writer  # NOQA
from kusari.datasets.pickle_dataset import PickleDataset  # NOQA
from kusari.datasets.pickle_dataset import PickleDatasetWriter  # NOQA
from kusari.datasets.ptb import get_ptb_words  # NOQA
from kusari.datasets.ptb import get_ptb_words_vocabulary  # NOQA
from kusari.datasets.sub_dataset import get_cross_validation_datasets  # NOQA
from kusari.datasets.sub_dataset import get_cross_validation_datasets_random  # NOQA
from kusari.datasets.sub_dataset import split_dataset  # NOQA
from kusari.datasets.sub_dataset import split_dataset_n  # NOQA
from kusari.datasets.sub_dataset import split_dataset_n_random  # NOQA
from kusari.datasets.sub_dataset import split_dataset_random  # NOQA
from kusari.datasets.sub_dataset import SubDataset  # NOQA
from kusari.datasets.svhn import get_svhn  # NOQA
from kusari.datasets.text_dataset import TextDataset  # NOQA
from kusari.datasets.transform_dataset import TransformDataset  # NOQA
from kusari.datasets.tuple_dataset import TupleDataset  # NOQA
