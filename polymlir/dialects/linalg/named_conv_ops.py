"""The named linalg convolution and pooling ops.

One class statement per op (upstream generates these from its OpDSL yaml);
``SPEC`` (see ``named.SPECS``) says what each computes, and ``strides`` /
``dilations`` (one entry per window dimension) its window.
"""

from ...ir.fields import prop_def
from .named import SPECS, NamedStructuredOp, i64_elements, register_named

__all__ = [
    "Conv1dOp",
    "Conv2dOp",
    "Conv3dOp",
    "Conv1dNwcWcfOp",
    "Conv1dNcwFcwOp",
    "Conv2dNhwcHwcfOp",
    "Conv2dNhwcFhwcOp",
    "Conv2dNhwcHwcfQOp",
    "Conv2dNhwcFhwcQOp",
    "Conv2dNchwFchwOp",
    "Conv2dNchwFchwQOp",
    "Conv2dNgchwFgchwOp",
    "Conv2dNgchwGfchwOp",
    "Conv2dNgchwGfchwQOp",
    "Conv2dNhwgcGfhwcOp",
    "Conv2dNhwgcGfhwcQOp",
    "Conv3dNdhwcDhwcfOp",
    "Conv3dNdhwcDhwcfQOp",
    "Conv3dNcdhwFcdhwOp",
    "DepthwiseConv1dNwcWcOp",
    "DepthwiseConv1dNcwCwOp",
    "DepthwiseConv1dNwcWcmOp",
    "DepthwiseConv2dNchwChwOp",
    "DepthwiseConv2dNhwcHwcOp",
    "DepthwiseConv2dNhwcHwcQOp",
    "DepthwiseConv2dNhwcHwcmOp",
    "DepthwiseConv2dNhwcHwcmQOp",
    "DepthwiseConv3dNdhwcDhwcOp",
    "DepthwiseConv3dNcdhwCdhwOp",
    "DepthwiseConv3dNdhwcDhwcmOp",
    "PoolingNhwcSumOp",
    "PoolingNwcSumOp",
    "PoolingNdhwcSumOp",
    "PoolingNchwSumOp",
    "PoolingNcwSumOp",
    "PoolingNhwcMaxOp",
    "PoolingNwcMaxOp",
    "PoolingNdhwcMaxOp",
    "PoolingNchwMaxOp",
    "PoolingNcwMaxOp",
    "PoolingNhwcMaxUnsignedOp",
    "PoolingNwcMaxUnsignedOp",
    "PoolingNhwcMinOp",
    "PoolingNwcMinOp",
    "PoolingNdhwcMinOp",
    "PoolingNhwcMinUnsignedOp",
    "PoolingNwcMinUnsignedOp",
]


@register_named
class Conv1dOp(NamedStructuredOp):
    """Performs 1-D convolution with no channels."""

    __slots__ = ()
    OP_NAME = "linalg.conv_1d"
    SPEC = SPECS["conv_1d"]


@register_named
class Conv2dOp(NamedStructuredOp):
    """Performs 2-D convolution with no channels."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d"
    SPEC = SPECS["conv_2d"]


@register_named
class Conv3dOp(NamedStructuredOp):
    """Performs 3-D convolution with no channels."""

    __slots__ = ()
    OP_NAME = "linalg.conv_3d"
    SPEC = SPECS["conv_3d"]


@register_named
class Conv1dNwcWcfOp(NamedStructuredOp):
    """Performs 1-D convolution (NWC input, WCF filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_1d_nwc_wcf"
    SPEC = SPECS["conv_1d_nwc_wcf"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class Conv1dNcwFcwOp(NamedStructuredOp):
    """Performs 1-D convolution (NCW input, FCW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_1d_ncw_fcw"
    SPEC = SPECS["conv_1d_ncw_fcw"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class Conv2dNhwcHwcfOp(NamedStructuredOp):
    """Performs 2-D convolution (NHWC input, HWCF filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwc_hwcf"
    SPEC = SPECS["conv_2d_nhwc_hwcf"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNhwcFhwcOp(NamedStructuredOp):
    """Performs 2-D convolution (NHWC input, FHWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwc_fhwc"
    SPEC = SPECS["conv_2d_nhwc_fhwc"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNhwcHwcfQOp(NamedStructuredOp):
    """Performs 2-D convolution with zero point offsets (NHWC input, HWCF filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwc_hwcf_q"
    SPEC = SPECS["conv_2d_nhwc_hwcf_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNhwcFhwcQOp(NamedStructuredOp):
    """Performs 2-D convolution with zero point offsets (NHWC input, FHWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwc_fhwc_q"
    SPEC = SPECS["conv_2d_nhwc_fhwc_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNchwFchwOp(NamedStructuredOp):
    """Performs 2-D convolution (NCHW input, FCHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nchw_fchw"
    SPEC = SPECS["conv_2d_nchw_fchw"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNchwFchwQOp(NamedStructuredOp):
    """Performs 2-D convolution with zero point offsets (NCHW input, FCHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nchw_fchw_q"
    SPEC = SPECS["conv_2d_nchw_fchw_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNgchwFgchwOp(NamedStructuredOp):
    """Performs 2-D convolution (NGCHW input, FGCHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_ngchw_fgchw"
    SPEC = SPECS["conv_2d_ngchw_fgchw"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNgchwGfchwOp(NamedStructuredOp):
    """Performs 2-D convolution (NGCHW input, GFCHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_ngchw_gfchw"
    SPEC = SPECS["conv_2d_ngchw_gfchw"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNgchwGfchwQOp(NamedStructuredOp):
    """Performs 2-D convolution with zero point offsets (NGCHW input, GFCHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_ngchw_gfchw_q"
    SPEC = SPECS["conv_2d_ngchw_gfchw_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNhwgcGfhwcOp(NamedStructuredOp):
    """Performs 2-D convolution (NHWGC input, GFHWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwgc_gfhwc"
    SPEC = SPECS["conv_2d_nhwgc_gfhwc"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv2dNhwgcGfhwcQOp(NamedStructuredOp):
    """Performs 2-D convolution with zero point offsets (NHWGC input, GFHWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_2d_nhwgc_gfhwc_q"
    SPEC = SPECS["conv_2d_nhwgc_gfhwc_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class Conv3dNdhwcDhwcfOp(NamedStructuredOp):
    """Performs 3-D convolution (NDHWC input, DHWCF filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_3d_ndhwc_dhwcf"
    SPEC = SPECS["conv_3d_ndhwc_dhwcf"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class Conv3dNdhwcDhwcfQOp(NamedStructuredOp):
    """Performs 3-D convolution with zero point offsets (NDHWC input, DHWCF filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_3d_ndhwc_dhwcf_q"
    SPEC = SPECS["conv_3d_ndhwc_dhwcf_q"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class Conv3dNcdhwFcdhwOp(NamedStructuredOp):
    """Performs 3-D convolution (NCDHW input, FCDHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.conv_3d_ncdhw_fcdhw"
    SPEC = SPECS["conv_3d_ncdhw_fcdhw"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class DepthwiseConv1dNwcWcOp(NamedStructuredOp):
    """Performs depth-wise 1-D convolution (NWC input, WC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_1d_nwc_wc"
    SPEC = SPECS["depthwise_conv_1d_nwc_wc"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class DepthwiseConv1dNcwCwOp(NamedStructuredOp):
    """Performs depth-wise 1-D convolution (NCW input, CW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_1d_ncw_cw"
    SPEC = SPECS["depthwise_conv_1d_ncw_cw"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class DepthwiseConv1dNwcWcmOp(NamedStructuredOp):
    """Performs depth-wise 1-D convolution (NWC input, WCM filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_1d_nwc_wcm"
    SPEC = SPECS["depthwise_conv_1d_nwc_wcm"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class DepthwiseConv2dNchwChwOp(NamedStructuredOp):
    """Performs depth-wise 2-D convolution (NCHW input, CHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_2d_nchw_chw"
    SPEC = SPECS["depthwise_conv_2d_nchw_chw"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class DepthwiseConv2dNhwcHwcOp(NamedStructuredOp):
    """Performs depth-wise 2-D convolution (NHWC input, HWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_2d_nhwc_hwc"
    SPEC = SPECS["depthwise_conv_2d_nhwc_hwc"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class DepthwiseConv2dNhwcHwcQOp(NamedStructuredOp):
    """Performs depth-wise 2-D convolution with zero point offsets (NHWC input, HWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_2d_nhwc_hwc_q"
    SPEC = SPECS["depthwise_conv_2d_nhwc_hwc_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class DepthwiseConv2dNhwcHwcmOp(NamedStructuredOp):
    """Performs depth-wise 2-D convolution (NHWC input, HWCM filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_2d_nhwc_hwcm"
    SPEC = SPECS["depthwise_conv_2d_nhwc_hwcm"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class DepthwiseConv2dNhwcHwcmQOp(NamedStructuredOp):
    """Performs depth-wise 2-D convolution with zero point offsets (NHWC input, HWCM filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_2d_nhwc_hwcm_q"
    SPEC = SPECS["depthwise_conv_2d_nhwc_hwcm_q"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class DepthwiseConv3dNdhwcDhwcOp(NamedStructuredOp):
    """Performs depth-wise 3-D convolution (NDHWC input, DHWC filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_3d_ndhwc_dhwc"
    SPEC = SPECS["depthwise_conv_3d_ndhwc_dhwc"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class DepthwiseConv3dNcdhwCdhwOp(NamedStructuredOp):
    """Performs depth-wise 3-D convolution (NCDHW input, CDHW filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_3d_ncdhw_cdhw"
    SPEC = SPECS["depthwise_conv_3d_ncdhw_cdhw"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class DepthwiseConv3dNdhwcDhwcmOp(NamedStructuredOp):
    """Performs depth-wise 3-D convolution (NDHWC input, DHWCM filter)."""

    __slots__ = ()
    OP_NAME = "linalg.depthwise_conv_3d_ndhwc_dhwcm"
    SPEC = SPECS["depthwise_conv_3d_ndhwc_dhwcm"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class PoolingNhwcSumOp(NamedStructuredOp):
    """Performs sum pooling (NHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nhwc_sum"
    SPEC = SPECS["pooling_nhwc_sum"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNwcSumOp(NamedStructuredOp):
    """Performs sum pooling (NWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nwc_sum"
    SPEC = SPECS["pooling_nwc_sum"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNdhwcSumOp(NamedStructuredOp):
    """Performs sum pooling (NDHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_ndhwc_sum"
    SPEC = SPECS["pooling_ndhwc_sum"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class PoolingNchwSumOp(NamedStructuredOp):
    """Performs sum pooling (NCHW layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nchw_sum"
    SPEC = SPECS["pooling_nchw_sum"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNcwSumOp(NamedStructuredOp):
    """Performs sum pooling (NCW layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_ncw_sum"
    SPEC = SPECS["pooling_ncw_sum"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNhwcMaxOp(NamedStructuredOp):
    """Performs max pooling (NHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nhwc_max"
    SPEC = SPECS["pooling_nhwc_max"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNwcMaxOp(NamedStructuredOp):
    """Performs max pooling (NWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nwc_max"
    SPEC = SPECS["pooling_nwc_max"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNdhwcMaxOp(NamedStructuredOp):
    """Performs max pooling (NDHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_ndhwc_max"
    SPEC = SPECS["pooling_ndhwc_max"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class PoolingNchwMaxOp(NamedStructuredOp):
    """Performs max pooling (NCHW layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nchw_max"
    SPEC = SPECS["pooling_nchw_max"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNcwMaxOp(NamedStructuredOp):
    """Performs max pooling (NCW layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_ncw_max"
    SPEC = SPECS["pooling_ncw_max"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNhwcMaxUnsignedOp(NamedStructuredOp):
    """Performs unsigned max pooling (NHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nhwc_max_unsigned"
    SPEC = SPECS["pooling_nhwc_max_unsigned"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNwcMaxUnsignedOp(NamedStructuredOp):
    """Performs unsigned max pooling (NWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nwc_max_unsigned"
    SPEC = SPECS["pooling_nwc_max_unsigned"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNhwcMinOp(NamedStructuredOp):
    """Performs min pooling (NHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nhwc_min"
    SPEC = SPECS["pooling_nhwc_min"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNwcMinOp(NamedStructuredOp):
    """Performs min pooling (NWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nwc_min"
    SPEC = SPECS["pooling_nwc_min"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)


@register_named
class PoolingNdhwcMinOp(NamedStructuredOp):
    """Performs min pooling (NDHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_ndhwc_min"
    SPEC = SPECS["pooling_ndhwc_min"]
    strides = prop_def(i64_elements(3), optional=True)
    dilations = prop_def(i64_elements(3), optional=True)


@register_named
class PoolingNhwcMinUnsignedOp(NamedStructuredOp):
    """Performs unsigned min pooling (NHWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nhwc_min_unsigned"
    SPEC = SPECS["pooling_nhwc_min_unsigned"]
    strides = prop_def(i64_elements(2), optional=True)
    dilations = prop_def(i64_elements(2), optional=True)


@register_named
class PoolingNwcMinUnsignedOp(NamedStructuredOp):
    """Performs unsigned min pooling (NWC layout)."""

    __slots__ = ()
    OP_NAME = "linalg.pooling_nwc_min_unsigned"
    SPEC = SPECS["pooling_nwc_min_unsigned"]
    strides = prop_def(i64_elements(1), optional=True)
    dilations = prop_def(i64_elements(1), optional=True)
