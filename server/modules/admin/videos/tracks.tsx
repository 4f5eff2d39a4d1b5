import { readFile } from 'node:fs/promises';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { receiveUpload } from '../../../media/upload';
import { formatFileSize } from '../../../../views/format-file-size';
import { pkParamsSchema } from '../../../../shared/schemas/viewset';
import { formatDuration, MAX_VTT_BYTES, videoTrackFormSchema } from '../../../../shared/schemas/videos';
import { VideoTracksScreen, type VideoTracksScreenProps } from '../../../../views/admin/media/VideoTracksScreen';
import { logModelAction } from '../../audit/model-log';
import { csrfTokenFor } from '../../auth/csrf';
import { assertModelPermission, modelPermissionsFor } from '../../permissions/model-policy';
import { addTrack, deleteTrack, findVideo, tracksOf, trackUrl, VIDEO_MODEL } from '../../videos/service';
import { setFlash, takeFlash } from '../flash';
import { formBody } from '../form-input';
import { adminScreen } from '../screen';

type Values = VideoTracksScreenProps['values'];
const EMPTY: Values = { label: '', language: '', kind: 'captions', is_default: '', source: '' };

/**
 * /wagtail/videos/{id}/tracks/ (the list and the add form) and .../tracks/{track_id}/delete/.
 * Seeing the tracks needs any video permission; adding or deleting one is a change of the video.
 */
export function videoTrackRoutes(db: Db, uploadDir: string): Router {
  const router = express.Router();
  // The add-a-track form's body (a .vtt file of at most 1 MB, or the pasted text) is read only
  // after the permission check.
  const receive = receiveUpload({
    db,
    maxBytes: MAX_VTT_BYTES,
    maxFiles: 1,
    maxFieldBytes: MAX_VTT_BYTES,
    to: { disk: uploadDir },
  });
  const mayChange = async (req: Request, _res: Response, next: NextFunction) => {
    await assertModelPermission(db, req, VIDEO_MODEL, 'change');
    next();
  };
  const videoOf = async (req: Request) => {
    const { pk } = parseOr400(pkParamsSchema, req.params, 'video id');
    const video = await findVideo(db, pk);
    if (!video) throw new HttpError(404, 'not_found', 'No such video.');
    return video;
  };

  const render = async (
    req: Request,
    res: Response,
    videoId: number,
    options: { values?: Values; errors?: VideoTracksScreenProps['errors']; status?: number } = {},
  ) => {
    const video = await findVideo(db, videoId);
    if (!video) throw new HttpError(404, 'not_found', 'No such video.');
    const permissions = await modelPermissionsFor(db, req);
    const tracks = await tracksOf(db, video.id);
    const element = (
      <VideoTracksScreen
        video={{
          id: video.id,
          title: video.title,
          detail: `${video.file_name}: ${video.mimetype === 'video/mp4' ? 'MP4' : 'WebM'}, ${formatDuration(video.duration)}, ${formatFileSize(video.file_size)}.`,
        }}
        tracks={tracks.map((track) => ({
          id: track.id,
          label: track.label,
          language: track.language,
          kind: track.kind,
          isDefault: track.is_default,
          src: trackUrl(track),
        }))}
        csrfToken={csrfTokenFor(req)}
        canChange={permissions.can(VIDEO_MODEL, 'change')}
        values={options.values ?? EMPTY}
        errors={options.errors ?? {}}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: 'videos', title: `Captions of ${video.title}`, element, status: options.status });
  };

  // Permission: any of the video permissions.
  router.get('/videos/:pk/tracks/', async (req, res) => {
    if (!(await modelPermissionsFor(db, req)).canAny(VIDEO_MODEL))
      throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
    const video = await videoOf(req);
    await render(req, res, video.id);
  });

  // Permission: change on videos. The text comes from the .vtt file when one is sent, else from the textarea.
  router.post('/videos/:pk/tracks/', mayChange, receive, async (req: Request, res: Response) => {
    await assertModelPermission(db, req, VIDEO_MODEL, 'change');
    const video = await videoOf(req);
    const body = formBody(req.body);
    const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const values: Values = {
      label: text('label'),
      language: text('language'),
      kind: text('kind') || 'captions',
      is_default: body.is_default === 'on' ? 'on' : '',
      source: text('source').slice(0, MAX_VTT_BYTES),
    };
    const file = req.uploads?.[0];
    let source = values.source;
    if (file && file.size > 0) {
      try {
        source = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file.path));
      } catch {
        return render(req, res, video.id, {
          values,
          errors: { file: 'The file is not UTF-8 text: save it as UTF-8 WebVTT.' },
          status: 400,
        });
      }
    }
    const parsed = videoTrackFormSchema.safeParse({ ...values, source });
    if (!parsed.success) {
      const errors: VideoTracksScreenProps['errors'] = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        errors[field] ??= issue.message;
      }
      return render(req, res, video.id, { values, errors, status: 400 });
    }
    if (!parsed.data.source.trim())
      return render(req, res, video.id, {
        values,
        errors: { file: 'Choose a .vtt file or paste the WebVTT text.' },
        status: 400,
      });
    try {
      const track = await addTrack(db, video.id, parsed.data);
      await logModelAction(db, {
        model: VIDEO_MODEL,
        objectId: video.id,
        objectStr: video.title,
        action: 'edit',
        data: { changed: ['tracks'], added_track: track.language },
        userId: req.user!.id,
      });
      setFlash(req, `Track “${track.label}” (${track.language}) added.`);
      res.redirect(303, `/wagtail/videos/${video.id}/tracks/`);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      const field = error.code === 'duplicate_track' ? 'language' : file && file.size > 0 ? 'file' : 'source';
      await render(req, res, video.id, { values, errors: { [field]: error.message }, status: 400 });
    }
  });

  // Permission: change on videos.
  router.post('/videos/:pk/tracks/:track_id/delete/', async (req, res) => {
    await assertModelPermission(db, req, VIDEO_MODEL, 'change');
    const video = await videoOf(req);
    const trackId = parseOr400(pkParamsSchema, { pk: req.params.track_id }, 'track id').pk;
    const track = await deleteTrack(db, video.id, trackId);
    await logModelAction(db, {
      model: VIDEO_MODEL,
      objectId: video.id,
      objectStr: video.title,
      action: 'edit',
      data: { changed: ['tracks'], deleted_track: track.language },
      userId: req.user!.id,
    });
    setFlash(req, `Track “${track.label}” (${track.language}) deleted.`);
    res.redirect(303, `/wagtail/videos/${video.id}/tracks/`);
  });

  return router;
}
