import multipart from '@fastify/multipart';
import * as api from '../../../shared/contracts/evidence.js';
import type { ServerModule } from '../server-module.js';
import { attachmentDisposition } from './file-name.js';
import { findReadableFile, storeUploads } from './service.js';
import { readUploads } from './uploads.js';

/**
 * Evidence files: uploaded before the message that attaches them, kept in the database so every instance
 * serves them. The multipart parser is registered in this module's own scope, so no other route parses it.
 */
export const evidenceFilesModule: ServerModule = {
  register(routes, { db }) {
    const uploads = routes.scoped(async (scope) => {
      await scope.register(multipart);
    });

    uploads.endpoint(
      api.uploadEvidenceFiles,
      async ({ caller, request }) => ({
        files: await storeUploads({ db, userId: caller.user.id, uploads: await readUploads(request) }),
      }),
      { config: { multipart: true } },
    );

    routes.endpoint(api.downloadEvidenceFile, async ({ caller, params, reply }) => {
      const file = await findReadableFile({
        db,
        reader: { userId: caller.user.id, isStaff: caller.isAdmin },
        fileId: params.id,
      });
      return reply
        .type(file.mediaType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    });
  },
};
