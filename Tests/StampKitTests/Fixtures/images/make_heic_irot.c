// Writes a HEIC the way a phone does: the pixels as the sensor stored them, an irot box that
// turns them upright, and an EXIF Orientation tag that says the same turn again.
// Usage: make_heic_irot IN.ppm OUT.heic   (IN: binary PPM, stored layout of EXIF Orientation 6)
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s IN.ppm OUT.heic\n", argv[0]); return 64; }
    FILE *in = fopen(argv[1], "rb");
    int w, h, max;
    if (!in || fscanf(in, "P6 %d %d %d", &w, &h, &max) != 3 || max != 255) return 65;
    fgetc(in);
    struct heif_image *image;
    heif_image_create(w, h, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
    heif_image_add_plane(image, heif_channel_interleaved, w, h, 8);
    int stride;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < h; y++)
        if (fread(plane + y * stride, 3, w, in) != (size_t)w) return 65;
    fclose(in);

    struct heif_context *context = heif_context_alloc();
    struct heif_encoder *encoder;
    heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder);
    heif_encoder_set_lossy_quality(encoder, 90);
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->image_orientation = heif_orientation_rotate_90_cw;  // written as irot
    struct heif_image_handle *handle;
    struct heif_error error = heif_context_encode_image(context, image, encoder, options, &handle);
    if (error.code) { fprintf(stderr, "%s\n", error.message); return 70; }

    // "Exif\0\0", then a little-endian TIFF header and IFD0 with the one tag Orientation = 6.
    static const uint8_t exif[] = {
        'E', 'x', 'i', 'f', 0, 0,
        'I', 'I', 42, 0, 8, 0, 0, 0,
        1, 0,
        0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0,
        0, 0, 0, 0,
    };
    heif_context_add_exif_metadata(context, handle, exif, sizeof exif);
    error = heif_context_write_to_file(context, argv[2]);
    if (error.code) { fprintf(stderr, "%s\n", error.message); return 74; }
    return 0;
}
