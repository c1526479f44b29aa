/**
 * @module app/location
 * The location service as the application sees it: a user's country by user id, cached briefly;
 * unknown when it cannot be determined (the policies deny that by default).
 */
export type { LocationClient, LocationClientOptions, UserLocation } from './location-client.ts';
export { createLocationClient, locationClientOptionsSchema } from './location-client.ts';
